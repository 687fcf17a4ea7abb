import { DateTime } from 'luxon'
import type { Queryable } from '../db/database'
import { doorLayers, doorPlace } from './door-layers'
import { modeAt, modeChanges, type DoorMode, type Layer } from './mode-at'

// What the mode job must do now (decision 070): for every door with a mode or a manual layer, the
// boundary it is in (the instant its layered mode last changed, and the last lockdown released
// over it) and the mode its layers say; one ledger row per lock and boundary, written by whichever
// server gets there first (the primary key keeps the others' out).

/** How far back a door's last change is looked for: a command's horizon, and a day more. */
export const LOOKBACK_DAYS = 9

export interface Wanted {
  door_id: number
  organization_id: number
  boundary: string
  mode: DoorMode
  layer: Layer
}

/** The doors the job looks after: those with a mode schedule or a manual layer still in force. */
async function doorsToPlan(q: Queryable, now: Date): Promise<number[]> {
  const rows = await q.query<{ door_id: number }>(
    `select door_id from door_modes where door_id is not null
     union
     select door_id from door_overrides where door_id is not null
       and from_at > $1::timestamptz - interval '9 days'
     order by door_id`,
    [now.toISOString()],
  )
  return rows.map((row) => row.door_id)
}

/** The door's boundary and wanted mode now; undefined under a lockdown, whose own job locks it. */
export async function wantedNow(
  q: Queryable,
  doorId: number,
  now: Date,
): Promise<Wanted | undefined> {
  const place = await doorPlace(q, doorId)
  if (!place) return undefined
  const from = DateTime.fromJSDate(now).minus({ days: LOOKBACK_DAYS }).toJSDate()
  const layers = await doorLayers(q, place, from, now)
  const answer = modeAt(layers, now)
  if (answer.layer.kind === 'lockdown') return undefined
  const [released] = await q.query<{ lockdown_id: number | null }>(
    `select max(lockdown_id) as lockdown_id from lockdowns
     where released_at is not null and lockdown_covers_place(scope_type, scope_id,
       organization_id, $1, $2, $3)`,
    [place.organization_id, place.location_id, place.floor_id],
  )
  const since = modeChanges(layers, from, now).at(-1)?.at.toISOString() ?? 'start'
  return {
    door_id: doorId,
    organization_id: place.organization_id,
    boundary: `${since}|${released?.lockdown_id ?? 0}`,
    mode: answer.mode,
    layer: answer.layer,
  }
}

/** Writes the ledger rows of the doors' current boundaries; answers how many were new. */
export async function planBoundaries(q: Queryable, now: Date): Promise<number> {
  let added = 0
  for (const doorId of await doorsToPlan(q, now)) {
    const wanted = await wantedNow(q, doorId, now)
    if (!wanted) continue
    const rows = await q.query(
      `insert into door_mode_commands (device_id, boundary, organization_id, mode, layer)
       select device_id, $2, $3, $4, $5::jsonb from devices
       where assignment_type = 'door' and assignment_id = $1
         and capabilities @> '{remotely_lock,remotely_unlock}'
       on conflict (device_id, boundary) do nothing
       returning device_id`,
      [doorId, wanted.boundary, wanted.organization_id, wanted.mode, JSON.stringify(wanted.layer)],
    )
    added += rows.length
  }
  return added
}
