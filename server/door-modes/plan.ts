import { DateTime } from 'luxon'
import type { Queryable } from '../db/database'
import { doorPlaces, doorsLayers, type DoorPlace } from './door-layers'
import {
  modeAt,
  modeChanges,
  nextCandidate,
  type DoorLayers,
  type DoorMode,
  type Layer,
} from './mode-at'

// What the mode job must do now (decision 070): for every door with a mode or a manual layer, the
// boundary it is in (the instant its layered mode last changed, and the last lockdown released
// over it) and the mode its layers say; one ledger row per lock and boundary, written by whichever
// server gets there first (the primary key keeps the others' out). All doors' layers are read in
// one query per kind of layer and decided in memory: 1,000 doors at a boundary are one round.

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

/** The last lockdown released over each door (0 for none). */
async function releasedOver(q: Queryable, places: readonly DoorPlace[]) {
  const rows = await q.query<{ door_id: number; lockdown_id: number }>(
    `select p.door_id, max(l.lockdown_id) as lockdown_id
     from unnest($1::int[], $2::int[], $3::int[], $4::int[]) as p(door_id, org, loc, floor)
       join lockdowns l on l.released_at is not null
         and lockdown_covers_place(l.scope_type, l.scope_id, l.organization_id, p.org, p.loc,
           p.floor)
     group by p.door_id`,
    [
      places.map((p) => p.door_id),
      places.map((p) => p.organization_id),
      places.map((p) => p.location_id),
      places.map((p) => p.floor_id),
    ],
  )
  return new Map(rows.map((row) => [row.door_id, row.lockdown_id]))
}

/**
 * The instant the door's mode last changed, or 'start' with none in the lookback: the last day
 * first (a door with hours changes daily), the whole lookback only when that day had none.
 */
function lastChange(layers: DoorLayers, now: Date): string {
  const since = (days: number) =>
    modeChanges(layers, DateTime.fromJSDate(now).minus({ days }).toJSDate(), now).at(-1)?.at
  return (since(1) ?? since(LOOKBACK_DAYS))?.toISOString() ?? 'start'
}

export interface Planned {
  wanted: Wanted[]
  /** The first instant after now at which any door's mode may change (within a day), or null. */
  next: Date | null
}

/** Each door's boundary and wanted mode now; none for a door under a lockdown, whose job locks it. */
export async function wantedNow(
  q: Queryable,
  doorIds: readonly number[],
  now: Date,
): Promise<Planned> {
  const places = await doorPlaces(q, doorIds)
  const from = DateTime.fromJSDate(now).minus({ days: LOOKBACK_DAYS }).toJSDate()
  const ahead = DateTime.fromJSDate(now).plus({ days: 1 }).toJSDate()
  const layersOf = await doorsLayers(q, places, from, ahead)
  const released = await releasedOver(q, places)
  let next: Date | null = null
  const wanted = places.flatMap((place): Wanted[] => {
    const layers = layersOf.get(place.door_id)
    if (!layers) return []
    const candidate = nextCandidate(layers, now, ahead)
    if (candidate && (next === null || candidate.getTime() < next.getTime())) next = candidate
    const answer = modeAt(layers, now)
    if (answer.layer.kind === 'lockdown') return []
    return [
      {
        door_id: place.door_id,
        organization_id: place.organization_id,
        boundary: `${lastChange(layers, now)}|${released.get(place.door_id) ?? 0}`,
        mode: answer.mode,
        layer: answer.layer,
      },
    ]
  })
  return { wanted, next }
}

/** Writes the ledger rows of the doors' current boundaries; answers when to plan again. */
export async function planBoundaries(q: Queryable, now: Date): Promise<Date | null> {
  const { wanted, next } = await wantedNow(q, await doorsToPlan(q, now), now)
  if (wanted.length === 0) return next
  await q.query(
    `insert into door_mode_commands (device_id, boundary, organization_id, mode, layer)
     select d.device_id, w.boundary, w.organization_id, w.mode, w.layer::jsonb
     from unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::text[])
         as w(door_id, boundary, organization_id, mode, layer)
       join devices d on d.assignment_type = 'door' and d.assignment_id = w.door_id
         and d.capabilities @> '{remotely_lock,remotely_unlock}'
     on conflict (device_id, boundary) do nothing`,
    [
      wanted.map((w) => w.door_id),
      wanted.map((w) => w.boundary),
      wanted.map((w) => w.organization_id),
      wanted.map((w) => w.mode),
      wanted.map((w) => JSON.stringify(w.layer)),
    ],
  )
  return next
}
