import { DateTime } from 'luxon'
import {
  DOOR_ATTENTION_PATH,
  DOOR_MODES_MAX,
  DOOR_MODES_NOW_PATH,
  TIMELINE_DAYS,
  type DoorAttention,
  type DoorModeNow,
  type ModeTimeline,
} from '../../src/contract/door-modes'
import { inScope } from '../../src/contract/permissions'
import type { App, Services } from '../context'
import type { Queryable } from '../db/database'
import { doorPlaces, doorsLayers, ownerLayers, type ModeOwner } from '../door-modes/door-layers'
import { layerAnswer } from '../door-modes/layer-answer'
import { modeAt, timelineChanges, type Layer } from '../door-modes/mode-at'
import { badField } from '../http/errors'
import { orgLimit, requireScope } from '../http/scope'
import { idParam } from '../http/validate'
import { modeBase, ownerInScope } from './door-mode-guards'

// What door modes say now (decisions 069, 070): a door's timeline with why, the location tree's
// doors' modes 100 at a time, and the dashboard's doors that need attention. Every read loads the
// doors' layers in one query per kind of layer and decides each door with `modeAt` in memory.

/** The door ids of `?door_ids=1,2,3`: positive, at most DOOR_MODES_MAX, else a 400 naming it. */
function doorIdsParam(raw: string | undefined): number[] {
  const parts = (raw ?? '').split(',').filter((part) => part.trim() !== '')
  if (parts.length === 0 || !parts.every((part) => /^\s*[1-9]\d{0,9}\s*$/.test(part)))
    throw badField('door_ids', 'Expected door ids separated by commas.', 'id_invalid')
  const ids = [...new Set(parts.map(Number))]
  if (ids.some((id) => id > 2_147_483_647))
    throw badField('door_ids', 'Expected door ids separated by commas.', 'id_invalid')
  if (ids.length > DOOR_MODES_MAX)
    throw badField('door_ids', `At most ${DOOR_MODES_MAX} doors at a time.`, 'too_many', {
      max: DOOR_MODES_MAX,
    })
  return ids
}

/** The doors among `doorIds` one of whose locks a boundary has not reached. */
async function notReachedDoors(q: Queryable, doorIds: readonly number[]): Promise<Set<number>> {
  const rows = await q.query<{ door_id: number }>(
    `select distinct d.assignment_id as door_id from door_mode_commands c
       join devices d using (device_id)
     where d.assignment_type = 'door' and d.assignment_id = any($1::int[])
       and c.state = 'not_reached'`,
    [doorIds],
  )
  return new Set(rows.map((row) => row.door_id))
}

export function registerDoorModeReads(app: App, s: Services) {
  app.get(DOOR_MODES_NOW_PATH, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'read')
    const ids = doorIdsParam(c.req.query('door_ids'))
    const now = s.clock.now()
    const places = (await doorPlaces(s.db, ids)).filter((place) =>
      inScope(scope, p.organizationId, place.organization_id),
    )
    const doorIds = places.map((place) => place.door_id)
    const layersOf = await doorsLayers(s.db, places, now, now)
    const notReached = await notReachedDoors(s.db, doorIds)
    const items = places.flatMap((place): DoorModeNow[] => {
      const layers = layersOf.get(place.door_id)
      if (!layers) return []
      const { mode, layer } = modeAt(layers, now)
      const until = layer.kind === 'override' || layer.kind === 'command' ? layer.until : null
      return [
        {
          door_id: place.door_id,
          mode,
          kind: layer.kind,
          until: until?.toISOString() ?? null,
          not_reached: notReached.has(place.door_id),
        },
      ]
    })
    return c.json({ items })
  })

  app.get(DOOR_ATTENTION_PATH, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'read')
    const org = orgLimit(scope, p)
    const now = s.clock.now()
    // Candidates: an unlocking override in force; the layers then say whether it is the one deciding.
    const candidates = await s.db.query<{
      door_id: number
      door_name: string
      location_id: number
      location_name: string
    }>(
      `select distinct d.door_id, d.name as door_name, l.location_id, l.name as location_name
       from door_overrides o join doors d using (door_id)
         join locations l on l.location_id = d.location_id
       where o.kind = 'override' and o.mode = 'unlocked' and o.ended_at is null
         and o.from_at <= $1 and o.until > $1 and ($2::int is null or o.organization_id = $2)
       order by d.door_id`,
      [now.toISOString(), org],
    )
    const places = await doorPlaces(
      s.db,
      candidates.map((row) => row.door_id),
    )
    const layersOf = await doorsLayers(s.db, places, now, now)
    const overridden = candidates.flatMap((row): DoorAttention['overridden'] => {
      const layers = layersOf.get(row.door_id)
      if (!layers) return []
      const { mode, layer } = modeAt(layers, now)
      if (layer.kind !== 'override' || mode !== 'unlocked') return []
      const set = layers.names.manual.get(layer.id)
      return [
        {
          ...row,
          mode,
          until: layer.until?.toISOString() ?? null,
          reason: set?.reason ?? '',
          by_email: set?.by_email ?? '',
        },
      ]
    })
    // A lock's latest not-reached boundary; the instant is the boundary's, else when it was planned.
    // A lock on no door keeps its own mode (decision 072): listed with no door.
    const notReached = await s.db.query<DoorAttention['not_reached'][number]>(
      `select * from (
         select distinct on (c.device_id) r.door_id, r.name as door_name,
           coalesce(r.location_id, d.location_id) as location_id, c.device_id,
           d.name as device_name, c.mode,
           case when split_part(c.boundary, '|', 1) = 'start' then c.created_at
             else split_part(c.boundary, '|', 1)::timestamptz end as boundary
         from door_mode_commands c join devices d using (device_id)
           left join doors r on d.assignment_type = 'door' and r.door_id = d.assignment_id
         where c.state = 'not_reached' and ($1::int is null or c.organization_id = $1)
         order by c.device_id, c.created_at desc) latest
       order by coalesce(door_name, device_name), device_name, device_id`,
      [org],
    )
    return c.json({ overridden, not_reached: notReached } satisfies DoorAttention)
  })
}

/** The owner's locks (a door's, or the lock itself) that a boundary has not reached. */
const notReachedSql: Record<ModeOwner, string> = {
  door: `select distinct c.device_id from door_mode_commands c join devices d using (device_id)
    where d.assignment_type = 'door' and d.assignment_id = $1 and c.state = 'not_reached'
    order by c.device_id`,
  device: `select distinct device_id from door_mode_commands
    where device_id = $1 and state = 'not_reached'`,
}

/** GET …/{doors|devices}/{id}/mode-timeline: why the door (or lock) is as it is, and its week. */
export function registerModeTimeline(app: App, s: Services, owner: ModeOwner) {
  app.get(`${modeBase[owner]}/:id/mode-timeline`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'read')
    const id = idParam(c)
    const place = await ownerInScope(s.db, owner, scope, p, id)
    const now = s.clock.now()
    const to = DateTime.fromJSDate(now).plus({ days: TIMELINE_DAYS }).toJSDate()
    const layers = await ownerLayers(s.db, owner, place, now, to)
    const answer = modeAt(layers, now)
    const notReached = await s.db.query<{ device_id: number }>(notReachedSql[owner], [id])
    const answerOf = (layer: Layer) => layerAnswer(layer, layers.names)
    return c.json({
      door_id: owner === 'door' ? id : null,
      device_id: owner === 'device' ? id : null,
      time_zone: place.zone,
      at: now.toISOString(),
      mode: answer.mode,
      layer: answerOf(answer.layer),
      under: answer.under.map(answerOf),
      changes: timelineChanges(layers, now, to).map((change) => ({
        at: change.at.toISOString(),
        mode: change.mode,
        layer: answerOf(change.layer),
      })),
      not_reached: notReached.map((row) => row.device_id),
    } satisfies ModeTimeline)
  })
}
