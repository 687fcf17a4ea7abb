import { DoorModeInput, type DoorModeSetting } from '../../src/contract/door-modes'
import type { App, Services } from '../context'
import type { Queryable } from '../db/database'
import { changeRow, writeJournal } from '../db/journal'
import { lockOwnRows } from '../db/locks'
import { ownerColumn, type ModeOwner } from '../door-modes/door-layers'
import { conflict, notFound } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { requireScope } from '../http/scope'
import { idParam, jsonBody } from '../http/validate'
import { registerDoorModeReads, registerModeTimeline } from './door-mode-reads'
import { modeBase, ownerInScope, ownerJournalName, requireCapability } from './door-mode-guards'
import { registerDoorOverrides } from './door-overrides'
import { registerSnowDays } from './snow-days'

// Door modes (decisions 069, 070): a door's mode schedule. Setting it needs what an unlock needs
// (decision 008): devices:update (or :org) and a lock on the door that can do it. The mode job
// commands the locks. The overrides, the reads and the snow days have files of their own. A lock
// with no door keeps its own (decision 072): the same routes under /devices/{id}, the same body
// and rules, journaled as `device_mode`; a lock on a door follows its door (409 naming it).

/** The journal's target type of an owner's mode. */
const journalType = { door: 'door_mode', device: 'device_mode' } as const

const settingSql = (owner: ModeOwner) => `select m.door_id, m.device_id, m.organization_id,
    m.schedule_id, s.name as schedule_name, m.mode_in_schedule, m.mode_outside,
    m.first_person_in_group_id, g.name as first_person_in_group_name, m.updated_at
  from door_modes m join schedules s using (schedule_id)
    left join access_groups g on g.group_id = m.first_person_in_group_id
  where m.${ownerColumn[owner]} = $1`

async function findSetting(q: Queryable, owner: ModeOwner, id: number) {
  const [row] = await q.query<DoorModeSetting>(settingSql(owner), [id])
  return row
}

function registerModeSetting(app: App, s: Services, owner: ModeOwner) {
  const path = `${modeBase[owner]}/:id/mode`
  const column = ownerColumn[owner]

  app.get(path, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'read')
    const id = idParam(c)
    await ownerInScope(s.db, owner, scope, p, id)
    const setting = await findSetting(s.db, owner, id)
    if (!setting) throw notFound(owner === 'door' ? 'Door mode' : 'Lock mode')
    return c.json(setting)
  })

  app.put(path, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'update')
    const id = idParam(c)
    const input = await jsonBody(c, DoorModeInput)
    const setting = await s.db.tx(async (q) => {
      const place = await ownerInScope(q, owner, scope, p, id, true)
      await requireCapability(q, owner, id, 'unlock')
      if ((await lockOwnRows(q, 'schedules', [input.schedule_id], place.organization_id)).length)
        throw conflict(
          `Not a schedule of the ${owner}’s organization.`,
          'schedule_id',
          'conflict',
          {
            subject: 'schedule',
          },
        )
      const groupId = input.first_person_in_group_id ?? null
      if (
        groupId !== null &&
        (await lockOwnRows(q, 'access_groups', [groupId], place.organization_id)).length
      )
        throw conflict(
          `Not a group of the ${owner}’s organization.`,
          'first_person_in_group_id',
          'conflict',
          { subject: 'group' },
        )
      const before = (await findSetting(q, owner, id)) ?? null
      await q.query(
        `insert into door_modes (organization_id, ${column}, schedule_id, first_person_in_group_id)
         values ($1, $2, $3, $4)
         on conflict (${column}) where ${column} is not null do update
           set schedule_id = excluded.schedule_id,
             first_person_in_group_id = excluded.first_person_in_group_id, updated_at = now()`,
        [place.organization_id, id, input.schedule_id, groupId],
      )
      const after = (await findSetting(q, owner, id)) ?? null
      await writeJournal(
        q,
        journalSource(c),
        changeRow(journalType[owner], id, before, after, () => ownerJournalName(owner, place)),
      )
      return after
    })
    s.doorModeJob.wake()
    return c.json(setting)
  })

  app.delete(path, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'update')
    const id = idParam(c)
    await s.db.tx(async (q) => {
      const place = await ownerInScope(q, owner, scope, p, id, true)
      const before = await findSetting(q, owner, id)
      if (!before) throw notFound(owner === 'door' ? 'Door mode' : 'Lock mode')
      await q.query(`delete from door_modes where ${column} = $1`, [id])
      await writeJournal(
        q,
        journalSource(c),
        changeRow(journalType[owner], id, before, null, () => ownerJournalName(owner, place)),
      )
    })
    s.doorModeJob.wake()
    return c.body(null, 204)
  })
}

export function registerDoorModes(app: App, s: Services) {
  // Before `/doors/:id/…`: `/doors/modes` and `/doors/attention` are not door ids.
  registerDoorModeReads(app, s)
  registerSnowDays(app, s)
  for (const owner of ['door', 'device'] as const) {
    registerDoorOverrides(app, s, owner)
    registerModeTimeline(app, s, owner)
    registerModeSetting(app, s, owner)
  }
}
