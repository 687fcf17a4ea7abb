import { DateTime } from 'luxon'
import type { Queryable } from '../db/database'
import {
  doorOwner,
  doorPlaces,
  lockOwner,
  lockPlaces,
  ownerColumn,
  ownersLayers,
  type ModeOwner,
  type OwnerPlace,
} from './door-layers'
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
// A lock with no door and a mode of its own (decision 072) is planned the same way, as its own
// owner; a lock on a door follows its door.

/** How far back a door's last change is looked for: a command's horizon, and a day more. */
export const LOOKBACK_DAYS = 9

export interface Wanted {
  owner: ModeOwner
  /** The door's id, or the lock's (owner device). */
  id: number
  organization_id: number
  boundary: string
  mode: DoorMode
  layer: Layer
}

/**
 * The owners the job looks after: those with a mode schedule or a manual layer still in force —
 * doors, and locks with no door (a lock moved onto a door follows the door, its own mode idle).
 */
async function ownersToPlan(q: Queryable, now: Date, owner: ModeOwner): Promise<number[]> {
  const column = ownerColumn[owner]
  const rows = await q.query<{ id: number }>(
    `select id from (
       select ${column} as id from door_modes where ${column} is not null
       union
       select ${column} from door_overrides where ${column} is not null
         and from_at > $1::timestamptz - interval '9 days') owners
     where $2 = 'door' or not exists (select 1 from devices v where v.device_id = owners.id
       and v.assignment_type = 'door')
     order by id`,
    [now.toISOString(), owner],
  )
  return rows.map((row) => row.id)
}

/** The last lockdown released over each owner (0 for none). */
async function releasedOver(q: Queryable, places: readonly OwnerPlace[]) {
  const rows = await q.query<{ id: number; lockdown_id: number }>(
    `select p.id, max(l.lockdown_id) as lockdown_id
     from unnest($1::int[], $2::int[], $3::int[], $4::int[]) as p(id, org, loc, floor)
       join lockdowns l on l.released_at is not null
         and lockdown_covers_place(l.scope_type, l.scope_id, l.organization_id, p.org, p.loc,
           p.floor)
     group by p.id`,
    [
      places.map((p) => p.id),
      places.map((p) => p.organization_id),
      places.map((p) => p.location_id),
      places.map((p) => p.floor_id),
    ],
  )
  return new Map(rows.map((row) => [row.id, row.lockdown_id]))
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

/** Each owner's boundary and wanted mode now; none under a lockdown, whose job locks it. */
export async function wantedNow(
  q: Queryable,
  owner: ModeOwner,
  ids: readonly number[],
  now: Date,
): Promise<Planned> {
  const places =
    owner === 'door'
      ? (await doorPlaces(q, ids)).map(doorOwner)
      : (await lockPlaces(q, ids)).map(lockOwner)
  const from = DateTime.fromJSDate(now).minus({ days: LOOKBACK_DAYS }).toJSDate()
  const ahead = DateTime.fromJSDate(now).plus({ days: 1 }).toJSDate()
  const layersOf = await ownersLayers(q, owner, places, from, ahead)
  const released = await releasedOver(q, places)
  let next: Date | null = null
  const wanted = places.flatMap((place): Wanted[] => {
    const layers = layersOf.get(place.id)
    if (!layers) return []
    const candidate = nextCandidate(layers, now, ahead)
    if (candidate && (next === null || candidate.getTime() < next.getTime())) next = candidate
    const answer = modeAt(layers, now)
    if (answer.layer.kind === 'lockdown') return []
    return [
      {
        owner,
        id: place.id,
        organization_id: place.organization_id,
        boundary: `${lastChange(layers, now)}|${released.get(place.id) ?? 0}`,
        mode: answer.mode,
        layer: answer.layer,
      },
    ]
  })
  return { wanted, next }
}

const earliest = (a: Date | null, b: Date | null) =>
  a === null ? b : b === null ? a : a.getTime() <= b.getTime() ? a : b

/** The locks an owner's command goes to: a door's locks, or the lock itself while on no door. */
const lockJoin: Record<ModeOwner, string> = {
  door: `d.assignment_type = 'door' and d.assignment_id = w.id`,
  device: `d.device_id = w.id and d.assignment_type <> 'door'`,
}

async function writeLedger(q: Queryable, owner: ModeOwner, wanted: readonly Wanted[]) {
  if (wanted.length === 0) return
  await q.query(
    `insert into door_mode_commands (device_id, boundary, organization_id, mode, layer)
     select d.device_id, w.boundary, w.organization_id, w.mode, w.layer::jsonb
     from unnest($1::int[], $2::text[], $3::int[], $4::text[], $5::text[])
         as w(id, boundary, organization_id, mode, layer)
       join devices d on ${lockJoin[owner]}
         and d.capabilities @> '{remotely_lock,remotely_unlock}'
     on conflict (device_id, boundary) do nothing`,
    [
      wanted.map((w) => w.id),
      wanted.map((w) => w.boundary),
      wanted.map((w) => w.organization_id),
      wanted.map((w) => w.mode),
      wanted.map((w) => JSON.stringify(w.layer)),
    ],
  )
}

/**
 * Writes the ledger rows of the current boundaries of doors and of locks with no door; answers
 * when to plan again.
 */
export async function planBoundaries(q: Queryable, now: Date): Promise<Date | null> {
  let next: Date | null = null
  for (const owner of ['door', 'device'] as const) {
    const planned = await wantedNow(q, owner, await ownersToPlan(q, now, owner), now)
    await writeLedger(q, owner, planned.wanted)
    next = earliest(next, planned.next)
  }
  return next
}
