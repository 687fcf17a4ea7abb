import { describe, expect, it } from 'vitest'
import { useTwoServersOnPostgres } from './failover-helpers'

// The mode job outlives the server running it (decision 070): two server processes on one
// PostgreSQL; a boundary of DOORS doors is being commanded when one server is killed with SIGKILL
// half-way, and the other finishes it, each lock unlocked by exactly one command.
const postgres = process.env.TEST_DATABASE_URL
const title = postgres
  ? 'door mode failover on one PostgreSQL'
  : 'door mode failover on one PostgreSQL — skipped: needs TEST_DATABASE_URL (npm run test:server:pg)'
// CI size; the 1,000 doors with DOOR_MODES_FAILOVER_DOORS=1000.
const DOORS = Number(process.env.DOOR_MODES_FAILOVER_DOORS ?? 200)

describe.skipIf(!postgres)(title, () => {
  const pair = useTwoServersOnPostgres()

  it('finishes a boundary on the other server when one is killed, each lock commanded once', async () => {
    const [first] = pair.servers()
    const client = pair.client()
    const sql = async <T>(text: string, params?: unknown[]) =>
      (await client.query(text, params)).rows as T[]
    const [room] = await sql<{ location_id: number; floor_id: number; room_id: number }>(
      `with l as (insert into locations (organization_id, name) values (1, 'Door mode site')
         returning location_id),
       f as (insert into floors (location_id, organization_id, name, position)
         select location_id, 1, 'Ground', 0 from l returning floor_id, location_id),
       r as (insert into rooms (floor_id, location_id, organization_id, name)
         select floor_id, location_id, 1, 'Hall' from f returning room_id, floor_id, location_id)
       select location_id, floor_id, room_id from r`,
    )
    if (!room) throw new Error('no room')
    await sql(
      `with d as (insert into doors (room_id, floor_id, location_id, organization_id, name)
         select $1, $2, $3, 1, 'Site door ' || n from generate_series(1, $4::int) n
         returning door_id)
       insert into devices (organization_id, name, device_type_id, manufacturer_id,
         device_id_manufacturer, capabilities, connected, battery_level, lock_state,
         assignment_type, assignment_id, location_id)
       select 1, 'Site lock ' || door_id, 'lock', (select min(manufacturer_id) from manufacturers),
         'MODE-' || door_id, array['remotely_lock','remotely_unlock'], true, 90, 'locked', 'door',
         door_id, $3
       from d`,
      [room.room_id, room.floor_id, room.location_id, DOORS],
    )
    // Unlocked around the clock: every lock's boundary is due at once.
    const [schedule] = await sql<{ schedule_id: number }>(
      `insert into schedules (organization_id, name, intervals, calendar_ids)
       values (1, 'Always', $1, '{}') returning schedule_id`,
      [
        JSON.stringify([
          {
            days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
            start: '00:00',
            end: '24:00',
          },
        ]),
      ],
    )
    await sql(
      `insert into door_modes (organization_id, door_id, schedule_id)
       select 1, door_id, $2 from doors where location_id = $1`,
      [room.location_id, schedule?.schedule_id],
    )
    const states = async () => {
      const rows = await sql<{ state: string; n: number }>(
        `select c.state, count(*)::int as n from door_mode_commands c
         join devices d using (device_id) where d.location_id = $1 group by c.state`,
        [room.location_id],
      )
      return Object.fromEntries(rows.map((r) => [r.state, r.n])) as Record<string, number>
    }
    for (let waited = 0; ((await states()).done ?? 0) < DOORS / 2; waited += 20) {
      if (waited > 60_000) throw new Error('the job did not reach half-way in 60 s')
      await new Promise((r) => setTimeout(r, 20))
    }
    first.child.kill('SIGKILL')
    expect((await states()).done ?? 0).toBeLessThan(DOORS)

    for (let waited = 0; ((await states()).done ?? 0) < DOORS; waited += 100) {
      if (waited > 60_000) throw new Error('the other server did not finish in 60 s')
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(await states()).toEqual({ done: DOORS })
    const audits = await sql<{ device_id: number; n: number }>(
      `select d.device_id, count(a.audit_id)::int as n
       from devices d left join device_audits a
         on a.device_id = d.device_id and a.actor_email = 'system:door-modes'
       where d.location_id = $1 group by d.device_id`,
      [room.location_id],
    )
    expect(audits).toHaveLength(DOORS)
    expect(audits.filter((a) => a.n !== 1)).toEqual([])
    const locks = await sql<{ lock_state: string; n: number }>(
      `select lock_state, count(*)::int as n from devices where location_id = $1
       group by lock_state`,
      [room.location_id],
    )
    expect(locks).toEqual([{ lock_state: 'unlocked', n: DOORS }])
  }, 180_000)
})
