import { DateTime } from 'luxon'
import type { SnowDayDoor, SnowDayInput } from '../../src/contract/door-modes'
import type { Queryable } from '../db/database'
import {
  doorOwner,
  doorPlaces,
  lockOwner,
  lockPlaces,
  ownersLayers,
  type ModeOwner,
} from './door-layers'
import { modeChanges, type DoorLayers, type SnowDayShape } from './mode-at'

// What a snow day does (decision 071): for each door at the place (its floors and rooms included)
// with a mode schedule, the mode's changes on that date without the snow day and with it, on the
// place's clock. A door whose changes are the same is only counted. A lock on no door with its own
// mode (decision 072) at the place is planned the same way, listed by its name.

export interface SnowDayEffect {
  doors: SnowDayDoor[]
  unchanged: number
}

/** The place's date as the instants of its first and next midnight, through Luxon. */
export function dayWindow(date: string, zone: string): { from: Date; to: Date } {
  const start = DateTime.fromISO(date, { zone }).startOf('day')
  return { from: start.toJSDate(), to: start.plus({ days: 1 }).toJSDate() }
}

const changesOn = (layers: DoorLayers, from: Date, to: Date) =>
  modeChanges(layers, from, to)
    .filter((change) => change.at.getTime() < to.getTime())
    .map((change) => ({ at: change.at.toISOString(), mode: change.mode }))

/** The doors with a mode at the place, and the locks on no door with their own. */
const ownersSql: Record<ModeOwner, string> = {
  door: `select d.door_id as id, d.name from doors d join door_modes m using (door_id)
    where d.location_id = $1 order by d.name, d.door_id`,
  device: `select v.device_id as id, v.name from devices v join door_modes m using (device_id)
    where v.location_id = $1 and v.assignment_type <> 'door' order by v.name, v.device_id`,
}

/**
 * The doors the snow day changes. `savedId` is the snow day's id once saved: the answer "without"
 * leaves it out, so a save and its dry run say the same.
 */
export async function snowDayEffect(
  q: Queryable,
  locationId: number,
  input: SnowDayInput,
  zone: string,
  savedId: number | null,
): Promise<SnowDayEffect> {
  const { from, to } = dayWindow(input.date, zone)
  const snowDay: SnowDayShape = {
    snow_day_id: savedId ?? 0,
    date: input.date,
    kind: input.kind,
    time: input.time,
  }
  const answer: SnowDayEffect = { doors: [], unchanged: 0 }
  for (const owner of ['door', 'device'] as const) {
    const owners = await q.query<{ id: number; name: string }>(ownersSql[owner], [locationId])
    const ids = owners.map((row) => row.id)
    const places =
      owner === 'door'
        ? (await doorPlaces(q, ids)).map(doorOwner)
        : (await lockPlaces(q, ids)).map(lockOwner)
    const layersOf = await ownersLayers(q, owner, places, from, to)
    for (const row of owners) {
      const layers = layersOf.get(row.id)
      if (!layers) continue
      const others = layers.snowDays.filter((day) => day.snow_day_id !== savedId)
      const before = changesOn({ ...layers, snowDays: others }, from, to)
      const after = changesOn({ ...layers, snowDays: [...others, snowDay] }, from, to)
      if (JSON.stringify(before) === JSON.stringify(after)) answer.unchanged += 1
      else
        answer.doors.push({
          door_id: owner === 'door' ? row.id : null,
          device_id: owner === 'device' ? row.id : null,
          door_name: row.name,
          before,
          after,
        })
    }
  }
  return answer
}
