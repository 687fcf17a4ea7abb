import { DateTime } from 'luxon'
import {
  DoorModeInput,
  OVERRIDE_MAX_DAYS,
  OverrideInput,
  TIMELINE_DAYS,
  DOORS_PATH,
  type DoorModeSetting,
  type DoorOverride,
  type ModeLayer,
} from '../../src/contract/door-modes'
import { commandCapability, type DeviceCommand } from '../../src/contract/devices'
import type { App, Principal, Services } from '../context'
import type { Queryable } from '../db/database'
import { changeRow, writeJournal } from '../db/journal'
import { lockOwnRows } from '../db/locks'
import { lockdownAt } from '../db/lockdowns'
import { doorLayers, doorPlace, type DoorPlace } from '../door-modes/door-layers'
import { modeAt, modeChanges, type Layer } from '../door-modes/mode-at'
import { wallInstant } from '../door-modes/wall-instants'
import { badField, conflict, HttpError, notFound } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { ensureInScope, requireScope } from '../http/scope'
import type { Scope } from '../../src/contract/permissions'
import { idParam, jsonBody } from '../http/validate'
import { lockdownRefusal } from './control'

// Door modes (decisions 069, 070): a door's mode schedule, its overrides, and why it is locked or
// unlocked now with the week's changes. Setting either needs what an unlock needs (decision 008):
// devices:update (or :org) and a lock on the door that can do it. The mode job commands the locks.

const settingSql = `select m.door_id, m.organization_id, m.schedule_id, s.name as schedule_name,
    m.mode_in_schedule, m.mode_outside, m.first_person_in_group_id,
    g.name as first_person_in_group_name, m.updated_at
  from door_modes m join schedules s using (schedule_id)
    left join access_groups g on g.group_id = m.first_person_in_group_id
  where m.door_id = $1`

const overrideSelect = `override_id, door_id, kind, mode, from_at, until, reason, set_by_email,
  ended_at`

async function findSetting(q: Queryable, doorId: number) {
  const [row] = await q.query<DoorModeSetting>(settingSql, [doorId])
  return row
}

/** The door, locked for this transaction (a mode and an override of one door take turns). */
async function lockedDoor(q: Queryable, scope: Scope, p: Principal, doorId: number) {
  await q.query('select 1 from doors where door_id = $1 for update', [doorId])
  return ensureInScope(scope, p, await doorPlace(q, doorId), 'Door')
}

/** 422 unless a device on the door can run the command (decision 008: the lock's capability). */
async function requireCapability(q: Queryable, doorId: number, command: DeviceCommand) {
  const capability = commandCapability[command]
  const [row] = await q.query<{ n: number }>(
    `select count(*)::int as n from devices
     where assignment_type = 'door' and assignment_id = $1 and $2 = any(capabilities)`,
    [doorId, capability],
  )
  if ((row?.n ?? 0) === 0)
    throw new HttpError(
      422,
      'capability_missing',
      `No device on the door has the capability ${capability}.`,
      undefined,
      {},
      { params: { capability } },
    )
}

const journalName = (place: DoorPlace) => `door ${place.door_id}`

/** `until` as an instant: with an offset as written, without one on the place's wall clock. */
function untilInstant(until: string, zone: string): Date {
  if (/(?:Z|[+-]\d{2}:\d{2})$/.test(until)) return new Date(until)
  const local = DateTime.fromISO(until, { zone })
  if (!local.isValid) throw badField('until', 'Expected a date and time.', 'datetime_invalid')
  return wallInstant(local.toISODate() ?? '', local.toFormat('HH:mm'), zone)
}

/** A layer as the contract writes it: instants as ISO strings, its id under its kind's name. */
export function layerAnswer(layer: Layer): ModeLayer {
  switch (layer.kind) {
    case 'lockdown':
      return { kind: layer.kind, mode: layer.mode, lockdown_id: layer.lockdown_id }
    case 'override':
    case 'command':
      return {
        kind: layer.kind,
        mode: layer.mode,
        override_id: layer.id,
        until: layer.until?.toISOString() ?? null,
      }
    case 'snow_day':
      return { kind: layer.kind, mode: layer.mode, snow_day_id: layer.snow_day_id }
    case 'exception':
    case 'schedule':
      return {
        kind: layer.kind,
        mode: layer.mode,
        schedule_id: layer.schedule_id,
        ...(layer.exception === undefined ? {} : { exception: layer.exception }),
        ...(layer.first_person_in === undefined
          ? {}
          : {
              first_person_in: {
                group_id: layer.first_person_in.group_id,
                opened_by: layer.first_person_in.opened_by,
                opened_at: layer.first_person_in.opened_at?.toISOString() ?? null,
              },
            }),
      }
    case 'default':
      return { kind: layer.kind, mode: layer.mode }
  }
}

export function registerDoorModes(app: App, s: Services) {
  app.get(`${DOORS_PATH}/:id/mode`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'read')
    const id = idParam(c)
    ensureInScope(scope, p, await doorPlace(s.db, id), 'Door')
    const setting = await findSetting(s.db, id)
    if (!setting) throw notFound('Door mode')
    return c.json(setting)
  })

  app.put(`${DOORS_PATH}/:id/mode`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'update')
    const id = idParam(c)
    const input = await jsonBody(c, DoorModeInput)
    const setting = await s.db.tx(async (q) => {
      const place = await lockedDoor(q, scope, p, id)
      await requireCapability(q, id, 'unlock')
      if ((await lockOwnRows(q, 'schedules', [input.schedule_id], place.organization_id)).length)
        throw conflict('Not a schedule of the door’s organization.', 'schedule_id', 'conflict', {
          subject: 'schedule',
        })
      const groupId = input.first_person_in_group_id ?? null
      if (
        groupId !== null &&
        (await lockOwnRows(q, 'access_groups', [groupId], place.organization_id)).length
      )
        throw conflict(
          'Not a group of the door’s organization.',
          'first_person_in_group_id',
          'conflict',
          { subject: 'group' },
        )
      const before = (await findSetting(q, id)) ?? null
      await q.query(
        `insert into door_modes (organization_id, door_id, schedule_id, first_person_in_group_id)
         values ($1, $2, $3, $4)
         on conflict (door_id) where door_id is not null do update
           set schedule_id = excluded.schedule_id,
             first_person_in_group_id = excluded.first_person_in_group_id, updated_at = now()`,
        [place.organization_id, id, input.schedule_id, groupId],
      )
      const after = (await findSetting(q, id)) ?? null
      await writeJournal(
        q,
        journalSource(c),
        changeRow('door_mode', id, before, after, () => journalName(place)),
      )
      return after
    })
    s.doorModeJob.wake()
    return c.json(setting)
  })

  app.delete(`${DOORS_PATH}/:id/mode`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'update')
    const id = idParam(c)
    await s.db.tx(async (q) => {
      const place = await lockedDoor(q, scope, p, id)
      const before = await findSetting(q, id)
      if (!before) throw notFound('Door mode')
      await q.query('delete from door_modes where door_id = $1', [id])
      await writeJournal(
        q,
        journalSource(c),
        changeRow('door_mode', id, before, null, () => journalName(place)),
      )
    })
    s.doorModeJob.wake()
    return c.body(null, 204)
  })

  app.post(`${DOORS_PATH}/:id/override`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'update')
    const id = idParam(c)
    const input = await jsonBody(c, OverrideInput)
    const now = s.clock.now()
    const override = await s.db.tx(async (q) => {
      const place = await lockedDoor(q, scope, p, id)
      const until = untilInstant(input.until, place.zone)
      if (until.getTime() <= now.getTime())
        throw badField('until', 'The end of an override must be in the future.')
      if (until.getTime() > DateTime.fromJSDate(now).plus({ days: OVERRIDE_MAX_DAYS }).toMillis())
        throw badField(
          'until',
          `An override ends at most ${OVERRIDE_MAX_DAYS} days ahead.`,
          'invalid',
          {
            max: OVERRIDE_MAX_DAYS,
          },
        )
      await requireCapability(q, id, input.mode === 'unlocked' ? 'unlock' : 'lock')
      // Nobody sets an unlock override during a lockdown, lockdown:override holders included.
      if (input.mode === 'unlocked') {
        const lockdown = await lockdownAt(q, { type: 'door', id }, null)
        if (lockdown !== undefined) throw lockdownRefusal(lockdown)
      }
      const [row] = await q.query<DoorOverride>(
        `insert into door_overrides (organization_id, door_id, kind, mode, from_at, until, reason,
           set_by, set_by_email)
         values ($1, $2, 'override', $3, $4, $5, $6, $7, $8) returning ${overrideSelect}`,
        [
          place.organization_id,
          id,
          input.mode,
          now.toISOString(),
          until.toISOString(),
          input.reason.trim(),
          p.userId,
          p.email,
        ],
      )
      if (!row) throw notFound('Door')
      await writeJournal(q, journalSource(c), {
        ...changeRow(
          'door_override',
          row.override_id,
          null,
          { ...row, organization_id: place.organization_id },
          () => journalName(place),
        ),
      })
      return row
    })
    s.doorModeJob.wake()
    return c.json(override, 201)
  })

  app.delete(`${DOORS_PATH}/:id/override`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'update')
    const id = idParam(c)
    const now = s.clock.now()
    await s.db.tx(async (q) => {
      const place = await lockedDoor(q, scope, p, id)
      const ended = await q.query<DoorOverride>(
        `update door_overrides set ended_at = $2, ended_by = $3, ended_by_email = $4
         where door_id = $1 and kind = 'override' and ended_at is null and from_at <= $2
           and until > $2
         returning ${overrideSelect}`,
        [id, now.toISOString(), p.userId, p.email],
      )
      if (ended.length === 0) throw notFound('Override')
      for (const row of ended)
        await writeJournal(q, journalSource(c), {
          ...changeRow(
            'door_override',
            row.override_id,
            { ...row, ended_at: null, organization_id: place.organization_id },
            { ...row, organization_id: place.organization_id },
            () => journalName(place),
          ),
        })
    })
    s.doorModeJob.wake()
    return c.body(null, 204)
  })

  app.get(`${DOORS_PATH}/:id/mode-timeline`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'read')
    const id = idParam(c)
    const place = ensureInScope(scope, p, await doorPlace(s.db, id), 'Door')
    const now = s.clock.now()
    const to = DateTime.fromJSDate(now).plus({ days: TIMELINE_DAYS }).toJSDate()
    const layers = await doorLayers(s.db, place, now, to)
    const answer = modeAt(layers, now)
    const notReached = await s.db.query<{ device_id: number }>(
      `select distinct c.device_id from door_mode_commands c join devices d using (device_id)
       where d.assignment_type = 'door' and d.assignment_id = $1 and c.state = 'not_reached'
       order by c.device_id`,
      [id],
    )
    return c.json({
      door_id: id,
      time_zone: place.zone,
      at: now.toISOString(),
      mode: answer.mode,
      layer: layerAnswer(answer.layer),
      under: answer.under.map(layerAnswer),
      changes: modeChanges(layers, now, to).map((change) => ({
        at: change.at.toISOString(),
        mode: change.mode,
        layer: layerAnswer(change.layer),
      })),
      not_reached: notReached.map((row) => row.device_id),
    })
  })
}
