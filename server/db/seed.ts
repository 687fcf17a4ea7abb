import { setImmediate as nextTurn } from 'node:timers/promises'
import { DateTime } from 'luxon'
import { hashPassword } from '../auth/passwords'
import { publicHolidays } from '../calendar/holidays'
import type { Db, Queryable } from './database'
import {
  accessDemo,
  alertsDemo,
  doorModesDemo,
  capabilities,
  demoUsers,
  deviceTypes,
  DEMO_PASSWORD,
  locations,
  manufacturers,
  organizations,
  roles,
  staffUsers,
} from './seed-data'
import { seedAudits } from './seed-audits'

interface Mount {
  type: 'location' | 'floor' | 'room' | 'door'
  id: number
  locationId: number
  name: string
}

async function insertId(q: Queryable, sql: string, params: readonly unknown[]): Promise<number> {
  const [row] = await q.query<{ id: number }>(sql, params)
  if (!row) throw new Error(`insert returned no id: ${sql}`)
  return row.id
}

const SEED_LOCK = 1702

/** Whether the database has no demo data yet (a first start): seedIfEmpty would seed it. */
export async function isEmpty(db: Db): Promise<boolean> {
  const [existing] = await db.query<{ n: number }>('select count(*)::int as n from organizations')
  return (existing?.n ?? 0) === 0
}

/** Seeds an empty database once; returns false when data is already there. */
export async function seedIfEmpty(db: Db, opts: { auditRows: number; scryptLogN: number }) {
  if (!(await isEmpty(db))) return false
  // Hash outside the transaction: the demo passwords cost ~0.3 s each at N=2^17.
  const hashes = await Promise.all(
    demoUsers.map(() => hashPassword(DEMO_PASSWORD, opts.scryptLogN)),
  )
  return db.tx(async (tx) => {
    // PGlite runs each statement on this thread, and its answers come back without a turn of the
    // event loop: a seed of a few hundred statements would hold every request (a first start
    // serves /login while it seeds, server/app.ts) until it ends. One turn before each statement.
    const q: Queryable = {
      query: async (sql, params) => {
        await nextTurn()
        return tx.query(sql, params)
      },
    }
    // Several servers may start on one empty PostgreSQL at once: one seeds, the others find it done.
    await q.query('select pg_advisory_xact_lock($1)', [SEED_LOCK])
    const [again] = await q.query<{ n: number }>('select count(*)::int as n from organizations')
    if ((again?.n ?? 0) > 0) return false
    const orgIds: number[] = []
    for (const org of organizations) {
      const id = await insertId(
        q,
        `insert into organizations (name, description, time_zone) values ($1, $2, $3)
         returning organization_id as id`,
        [org.name, org.description, org.timeZone],
      )
      orgIds.push(id)
      for (const [position, client] of org.clients.entries()) {
        await q.query(
          'insert into organization_clients (client_id, organization_id, position) values ($1, $2, $3)',
          [client, id, position],
        )
      }
    }
    const orgId = (index: number) => orgIds[index] ?? 0
    for (const [position, role] of roles.entries()) {
      await q.query('insert into roles (role, position, permissions) values ($1, $2, $3)', [
        role.role,
        position,
        role.permissions,
      ])
    }
    const userIds: number[] = []
    for (const [i, user] of [...demoUsers, ...staffUsers].entries()) {
      const clients = organizations[user.org]?.clients.slice(0, 1) ?? []
      const id = await insertId(
        q,
        `insert into users (organization_id, username, email, title, first_name, last_name,
           roles, permissions, client_ids, password_hash, email_confirmed, phone_number)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning user_id as id`,
        [
          orgId(user.org),
          user.username,
          user.email,
          user.title,
          user.first,
          user.last,
          [user.role],
          // Every user holds at least one direct permission (requirements R5.1): the role's, as the
          // form pre-fills.
          roles.find((role) => role.role === user.role)?.permissions ?? [],
          clients,
          user.login ? (hashes[i] ?? null) : null,
          user.login,
          user.login ? null : `+49 30 ${String(1000000 + i * 7919).slice(0, 7)}`,
        ],
      )
      userIds.push(id)
    }
    for (const t of deviceTypes) {
      await q.query(
        'insert into device_types (device_type_id, description, battery_powered, default_capabilities) values ($1, $2, $3, $4)',
        [t.id, t.description, t.battery, t.capabilities],
      )
    }
    for (const c of capabilities) {
      await q.query('insert into capabilities (capability_id, description) values ($1, $2)', [
        c.id,
        c.description,
      ])
    }
    const manufacturerIds: number[] = []
    for (const name of manufacturers) {
      manufacturerIds.push(
        await insertId(
          q,
          'insert into manufacturers (name) values ($1) returning manufacturer_id as id',
          [name],
        ),
      )
    }
    const mounts = new Map<number, Mount[]>()
    for (const loc of locations) {
      const org = orgId(loc.org)
      const locationId = await insertId(
        q,
        `insert into locations (organization_id, name, street, number, postal_code, locality, description)
         values ($1, $2, $3, $4, $5, $6, $7) returning location_id as id`,
        [org, loc.name, loc.street, loc.number, loc.postal_code, loc.locality, `${loc.name} site`],
      )
      const list = mounts.get(org) ?? []
      mounts.set(org, list)
      list.push({ type: 'location', id: locationId, locationId, name: loc.name })
      for (const [position, floorName] of loc.floors.entries()) {
        const floorId = await insertId(
          q,
          'insert into floors (location_id, organization_id, name, position) values ($1, $2, $3, $4) returning floor_id as id',
          [locationId, org, floorName, position],
        )
        list.push({ type: 'floor', id: floorId, locationId, name: floorName })
        for (const roomName of ['Reception', 'Meeting room']) {
          const roomId = await insertId(
            q,
            'insert into rooms (floor_id, location_id, organization_id, name) values ($1, $2, $3, $4) returning room_id as id',
            [floorId, locationId, org, `${floorName} ${roomName}`],
          )
          list.push({ type: 'room', id: roomId, locationId, name: `${floorName} ${roomName}` })
          const doorId = await insertId(
            q,
            'insert into doors (room_id, floor_id, location_id, organization_id, name) values ($1, $2, $3, $4, $5) returning door_id as id',
            [roomId, floorId, locationId, org, `${floorName} ${roomName} door`],
          )
          list.push({ type: 'door', id: doorId, locationId, name: `${floorName} ${roomName} door` })
        }
      }
    }
    let serial = 0
    for (const [index, org] of orgIds.entries()) {
      const points = mounts.get(org) ?? []
      const doors = points.filter((m) => m.type === 'door')
      const rooms = points.filter((m) => m.type === 'room')
      // Every type at Acme; Globex gets the first six. Locks and keypads go on doors.
      const types =
        index === 0
          ? [...deviceTypes, deviceTypes[0], deviceTypes[0], deviceTypes[1]]
          : deviceTypes.slice(0, 6)
      for (const [i, type] of types.entries()) {
        if (!type) continue
        serial += 1
        const onDoor = type.id === 'lock' || type.id === 'keypad' || type.id === 'door_sensor'
        const pool = onDoor ? doors : rooms
        const mount = pool[i % pool.length] ?? points[0]
        if (!mount) continue
        const locking =
          type.capabilities.includes('remotely_lock') ||
          type.capabilities.includes('remotely_unlock')
        await q.query(
          `insert into devices (organization_id, name, description, device_type_id, manufacturer_id,
             device_id_manufacturer, capabilities, connected, battery_level, lock_state,
             assignment_type, assignment_id, location_id)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
          [
            org,
            `${type.description} – ${mount.name}`,
            `${type.description} at ${mount.name}`,
            type.id,
            manufacturerIds[serial % manufacturerIds.length],
            `SN-${String(100000 + serial * 7717).slice(0, 6)}-${serial}`,
            // Every fourth lock cannot force-unlock: the console must hide or explain that button.
            type.id === 'lock' && serial % 4 === 0
              ? type.capabilities.filter((c) => c !== 'remotely_force_unlock')
              : type.capabilities,
            serial % 4 !== 3,
            type.battery ? 100 - ((serial * 17) % 90) : null,
            locking ? (serial % 2 === 0 ? 'locked' : 'unlocked') : null,
            mount.type,
            mount.id,
            mount.locationId,
          ],
        )
      }
    }
    await seedCredentials(q, userIds)
    await seedAudits(q, opts.auditRows, orgIds)
    // After the audit rows, which pick their devices from those there: they stay as they were.
    await seedAccessModel(q, manufacturerIds[0] ?? 0)
    await seedDoorModes(q, manufacturerIds[0] ?? 0)
    await seedAlertsDemo(q, manufacturerIds[0] ?? 0)
    // PGlite never analyzes (no autovacuum), and without statistics the planner guesses: it took
    // "one organization's users" for 0.5% of them and sorted them all rather than reading the
    // users_org_* index in order, and read all 77,000 failures of a million audit rows for the
    // dashboard's last 24 hours (162 ms, one connection, everyone waits) instead of the day's
    // 2,880 rows (10 ms). ≈0.4 s once, after the seed; the statistics persist with the data.
    await q.query('analyze')
    return true
  })
}

async function seedCredentials(q: Queryable, userIds: number[]) {
  const pinDevices = await q.query<{ device_id: number; organization_id: number }>(
    `select device_id, organization_id from devices
     where 'program_offline_access_codes' = any(capabilities) order by device_id`,
  )
  const users = await q.query<{ user_id: number; organization_id: number }>(
    'select user_id, organization_id from users where user_id = any($1) order by user_id',
    [userIds],
  )
  for (const [i, user] of users.entries()) {
    const device = pinDevices.filter((d) => d.organization_id === user.organization_id)[i % 3]
    if (!device) continue
    await q.query(
      `insert into credentials (organization_id, user_id, assignment_type, assignment_id,
         start_datetime, end_datetime, permanent, repetition, pin)
       values ($1, $2, 'device', $3, now() - interval '1 day', $4, $5, $6, $7)`,
      [
        user.organization_id,
        user.user_id,
        device.device_id,
        i % 4 === 0 ? null : new Date(Date.now() + (30 + i) * 86_400_000).toISOString(),
        i % 4 === 0,
        i % 3 === 1 ? JSON.stringify({ type: 'weekly', weekdays: ['mon', 'wed', 'fri'] }) : null,
        i % 2 === 0 ? String(100000 + ((i * 493217) % 900000)) : null,
      ],
    )
  }
  await seedCodeRefusals(q)
}

/**
 * Two permanent credentials without a PIN for staff@demo.local: one on a device that cannot program
 * codes (a relay), whose offline code the console refuses with a reason, and one on a code device
 * that is not connected, which gets a code with a note (docs/decisions/035).
 */
async function seedCodeRefusals(q: Queryable) {
  const [staff] = await q.query<{ user_id: number; organization_id: number }>(
    "select user_id, organization_id from users where email = 'staff@demo.local'",
  )
  if (!staff) return
  const devices = await q.query<{ device_id: number }>(
    `(select device_id from devices where organization_id = $1 and device_type_id = 'relay'
        and not ('program_offline_access_codes' = any(capabilities)) order by device_id limit 1)
     union all
     (select device_id from devices where organization_id = $1 and not connected
        and 'program_offline_access_codes' = any(capabilities) order by device_id limit 1)`,
    [staff.organization_id],
  )
  for (const { device_id } of devices) {
    await q.query(
      `insert into credentials (organization_id, user_id, assignment_type, assignment_id,
         start_datetime, end_datetime, permanent, repetition, pin)
       values ($1, $2, 'device', $3, now() - interval '1 day', null, true, null, null)`,
      [staff.organization_id, staff.user_id, device_id],
    )
  }
}

/**
 * The access model's demo (seed-data.ts, accessDemo): a connected keypad on Acme HQ's ground-floor
 * reception door, the group with Clara, the calendar with Berlin's public holidays of this year
 * and next by the server's clock, the schedule and the rule giving the group the ground floor.
 */
async function seedAccessModel(q: Queryable, manufacturerId: number) {
  const [door] = await q.query<{
    door_id: number
    floor_id: number
    location_id: number
    organization_id: number
  }>(
    `select d.door_id, d.floor_id, d.location_id, d.organization_id
     from doors d join locations l using (location_id) where l.name = $1 and d.name = $2`,
    [accessDemo.location, accessDemo.door],
  )
  if (!door) throw new Error(`the seed has no door ${accessDemo.door} at ${accessDemo.location}`)
  const org = door.organization_id
  const keypad = deviceTypes.find((t) => t.id === 'keypad')
  await q.query(
    `insert into devices (organization_id, name, description, device_type_id, manufacturer_id,
       device_id_manufacturer, capabilities, connected, battery_level, lock_state,
       assignment_type, assignment_id, location_id)
     values ($1, $2, $3, 'keypad', $4, $5, $6, true, 87, null, 'door', $7, $8)`,
    [
      org,
      accessDemo.keypad.name,
      `Keypad at ${accessDemo.door}`,
      manufacturerId,
      accessDemo.keypad.serial,
      keypad?.capabilities ?? [],
      door.door_id,
      door.location_id,
    ],
  )
  const groupId = await insertId(
    q,
    `insert into access_groups (organization_id, name, description) values ($1, $2, $3)
     returning group_id as id`,
    [org, accessDemo.group.name, accessDemo.group.description],
  )
  await q.query(
    `insert into group_members (group_id, user_id, organization_id)
     select $1, user_id, organization_id from users where organization_id = $2 and first_name = $3`,
    [groupId, org, accessDemo.group.member],
  )
  const year = DateTime.utc().year
  const holidays = [year, year + 1].flatMap(
    (y) => publicHolidays(accessDemo.calendar.region, y, 'en') ?? [],
  )
  const calendarId = await insertId(
    q,
    `insert into calendars (organization_id, name, exceptions) values ($1, $2, $3)
     returning calendar_id as id`,
    [org, accessDemo.calendar.name, JSON.stringify(holidays)],
  )
  const scheduleId = await insertId(
    q,
    `insert into schedules (organization_id, name, intervals, calendar_ids) values ($1, $2, $3, $4)
     returning schedule_id as id`,
    [org, accessDemo.schedule.name, JSON.stringify(accessDemo.schedule.intervals), [calendarId]],
  )
  await q.query(
    `insert into access_rules (organization_id, name, group_ids, targets, schedule_id)
     values ($1, $2, $3, $4, $5)`,
    [org, accessDemo.rule.name, [groupId], [`floor:${door.floor_id}`], scheduleId],
  )
}

/**
 * Door modes' demo (seed-data.ts, doorModesDemo): two ground-floor doors, each with its lock, and a
 * lock on no door in the floor's first room.
 */
/** The alerts' demo (seed-data.ts, alertsDemo): a door sensor on the reception door. */
async function seedAlertsDemo(q: Queryable, manufacturerId: number) {
  const { sensor } = alertsDemo
  const added = await q.query(
    `insert into devices (organization_id, name, description, device_type_id, manufacturer_id,
       device_id_manufacturer, capabilities, connected, battery_level, lock_state,
       assignment_type, assignment_id, location_id)
     select d.organization_id, $3, $4, 'door_sensor', $5, $6, '{}', true, 95, null, 'door',
       d.door_id, d.location_id
     from doors d join locations l using (location_id) where l.name = $1 and d.name = $2
     returning device_id`,
    [
      alertsDemo.location,
      alertsDemo.door,
      sensor.name,
      `Door sensor at ${alertsDemo.door}`,
      manufacturerId,
      sensor.serial,
    ],
  )
  if (added.length !== 1) throw new Error(`the seed has no door ${alertsDemo.door}`)
}

async function seedDoorModes(q: Queryable, manufacturerId: number) {
  const [room] = await q.query<{
    room_id: number
    floor_id: number
    location_id: number
    organization_id: number
  }>(
    `select r.room_id, r.floor_id, r.location_id, r.organization_id
     from rooms r join floors f using (floor_id) join locations l on l.location_id = r.location_id
     where l.name = $1 and f.name = $2 order by r.room_id limit 1`,
    [doorModesDemo.location, doorModesDemo.floor],
  )
  if (!room) throw new Error(`the seed has no room on ${doorModesDemo.floor}`)
  const lock = deviceTypes.find((t) => t.id === 'lock')
  for (const door of doorModesDemo.doors) {
    const doorId = await insertId(
      q,
      `insert into doors (room_id, floor_id, location_id, organization_id, name)
       values ($1, $2, $3, $4, $5) returning door_id as id`,
      [room.room_id, room.floor_id, room.location_id, room.organization_id, door.name],
    )
    await q.query(
      `insert into devices (organization_id, name, description, device_type_id, manufacturer_id,
         device_id_manufacturer, capabilities, connected, battery_level, lock_state,
         assignment_type, assignment_id, location_id)
       values ($1, $2, $3, 'lock', $4, $5, $6, true, 92, 'locked', 'door', $7, $8)`,
      [
        room.organization_id,
        door.lock.name,
        `Lock at ${door.name}`,
        manufacturerId,
        door.lock.serial,
        lock?.capabilities ?? [],
        doorId,
        room.location_id,
      ],
    )
  }
  const cupboard = doorModesDemo.doorlessLock
  await q.query(
    `insert into devices (organization_id, name, description, device_type_id, manufacturer_id,
       device_id_manufacturer, capabilities, connected, battery_level, lock_state,
       assignment_type, assignment_id, location_id)
     values ($1, $2, $3, 'lock', $4, $5, $6, true, 88, 'locked', 'room', $7, $8)`,
    [
      room.organization_id,
      cupboard.name,
      'Lock on a cupboard, on no door',
      manufacturerId,
      cupboard.serial,
      lock?.capabilities ?? [],
      room.room_id,
      room.location_id,
    ],
  )
}
