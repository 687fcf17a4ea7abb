import { DateTime } from 'luxon'
import type { SnowDayDoor, SnowDayInput } from '../../src/contract/door-modes'
import type { Queryable } from '../db/database'
import { doorPlaces, doorsLayers } from './door-layers'
import { modeChanges, type DoorLayers, type SnowDayShape } from './mode-at'

// What a snow day does (decision 071): for each door at the place (its floors and rooms included)
// with a mode schedule, the mode's changes on that date without the snow day and with it, on the
// place's clock. A door whose changes are the same is only counted.

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
  const doors = await q.query<{ door_id: number; name: string }>(
    `select d.door_id, d.name from doors d join door_modes m using (door_id)
     where d.location_id = $1 order by d.name, d.door_id`,
    [locationId],
  )
  const { from, to } = dayWindow(input.date, zone)
  const places = await doorPlaces(
    q,
    doors.map((door) => door.door_id),
  )
  const layersOf = await doorsLayers(q, places, from, to)
  const snowDay: SnowDayShape = {
    snow_day_id: savedId ?? 0,
    date: input.date,
    kind: input.kind,
    time: input.time,
  }
  const answer: SnowDayEffect = { doors: [], unchanged: 0 }
  for (const door of doors) {
    const layers = layersOf.get(door.door_id)
    if (!layers) continue
    const others = layers.snowDays.filter((day) => day.snow_day_id !== savedId)
    const before = changesOn({ ...layers, snowDays: others }, from, to)
    const after = changesOn({ ...layers, snowDays: [...others, snowDay] }, from, to)
    if (JSON.stringify(before) === JSON.stringify(after)) answer.unchanged += 1
    else answer.doors.push({ door_id: door.door_id, door_name: door.name, before, after })
  }
  return answer
}
