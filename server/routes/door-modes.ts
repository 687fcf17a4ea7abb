import { DoorModeInput, DOORS_PATH, type DoorModeSetting } from '../../src/contract/door-modes'
import type { App, Services } from '../context'
import type { Queryable } from '../db/database'
import { changeRow, writeJournal } from '../db/journal'
import { lockOwnRows } from '../db/locks'
import { doorPlace } from '../door-modes/door-layers'
import { conflict, notFound } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { ensureInScope, requireScope } from '../http/scope'
import { idParam, jsonBody } from '../http/validate'
import { registerDoorModeReads } from './door-mode-reads'
import { journalName, lockedDoor, requireCapability } from './door-mode-guards'
import { registerDoorOverrides } from './door-overrides'
import { registerSnowDays } from './snow-days'

// Door modes (decisions 069, 070): a door's mode schedule. Setting it needs what an unlock needs
// (decision 008): devices:update (or :org) and a lock on the door that can do it. The mode job
// commands the locks. The overrides, the reads and the snow days have files of their own.

const settingSql = `select m.door_id, m.organization_id, m.schedule_id, s.name as schedule_name,
    m.mode_in_schedule, m.mode_outside, m.first_person_in_group_id,
    g.name as first_person_in_group_name, m.updated_at
  from door_modes m join schedules s using (schedule_id)
    left join access_groups g on g.group_id = m.first_person_in_group_id
  where m.door_id = $1`

async function findSetting(q: Queryable, doorId: number) {
  const [row] = await q.query<DoorModeSetting>(settingSql, [doorId])
  return row
}

export function registerDoorModes(app: App, s: Services) {
  // Before `/doors/:id/…`: `/doors/modes` and `/doors/attention` are not door ids.
  registerDoorModeReads(app, s)
  registerDoorOverrides(app, s)
  registerSnowDays(app, s)

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
}
