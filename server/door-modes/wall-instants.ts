import { DateTime, FixedOffsetZone } from 'luxon'

// Wall-clock times of a place turned into instants, through Luxon only (decision 069). A door's
// mode can change only where its wall clock crosses a boundary (an interval's start or end, an
// exception's, a snow day's time, midnight) or where the clock itself jumps (a daylight-saving
// change). These are the instants worth evaluating: between two of them the mode cannot change.

const MINUTE_MS = 60_000

/** The local date and minute of the day at `instant` in `zone`. */
function localOf(instant: DateTime): { date: string; minute: number } {
  return { date: instant.toISODate() ?? '', minute: instant.hour * 60 + instant.minute }
}

/** The zone's offset changes during the local date `day` (a Luxon DateTime at its start). */
function offsetChanges(day: DateTime): DateTime[] {
  const end = day.plus({ days: 1 })
  if (day.offset === end.offset) return []
  // Offsets change on a whole minute: search the minutes of the day for the first one after it.
  let low = day.toMillis()
  let high = end.toMillis()
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS
    if (DateTime.fromMillis(middle, { zone: day.zone }).offset === day.offset) low = middle
    else high = middle
  }
  return [DateTime.fromMillis(high, { zone: day.zone })]
}

/**
 * Every instant in [from, to] where the wall clock of `zone` reads one of `minutes` (minutes of
 * the day, 0 included for the dates themselves), both times in a repeated hour, and every instant
 * where the clock jumps: a time skipped in spring begins at the jump, the first moment whose wall
 * time is at or after it.
 */
export function wallBoundaries(
  minutes: readonly number[],
  from: Date,
  to: Date,
  zone: string,
): Date[] {
  const first = DateTime.fromJSDate(from, { zone }).startOf('day').minus({ days: 1 })
  const last = DateTime.fromJSDate(to, { zone }).plus({ days: 1 }).startOf('day')
  const key = `${zone}|${first.toISODate()}|${last.toISODate()}|${minutes.join(',')}`
  let instants = remembered.get(key)
  if (instants === undefined) {
    instants = boundariesOf(minutes, first, last, zone)
    if (remembered.size >= REMEMBERED) remembered.clear()
    remembered.set(key, instants)
  }
  const start = from.getTime()
  const end = to.getTime()
  return instants.filter((t) => t >= start && t <= end).map((t) => new Date(t))
}

// The mode job, the timeline and the location tree ask this of many doors that share a zone and
// hours, over the same dates: the answers (pure) are kept by dates, a bounded number of them.
const REMEMBERED = 2_000
const remembered = new Map<string, readonly number[]>()

/** The instants of every date from `first` to `last` (starts of local days), sorted. */
function boundariesOf(
  minutes: readonly number[],
  first: DateTime,
  last: DateTime,
  zone: string,
): readonly number[] {
  const found: number[] = []
  const wanted = [...new Set([0, ...minutes])].filter((m) => m >= 0 && m < 24 * 60)
  for (let day = first; day <= last; day = day.plus({ days: 1 }).startOf('day')) {
    const date = day.toISODate() ?? ''
    const offsets = new Set([day.offset, day.plus({ days: 1 }).minus({ minutes: 1 }).offset])
    for (const minute of wanted) {
      for (const offset of offsets) {
        const at = DateTime.fromObject(
          {
            year: day.year,
            month: day.month,
            day: day.day,
            hour: Math.floor(minute / 60),
            minute: minute % 60,
          },
          { zone: FixedOffsetZone.instance(offset) },
        ).setZone(zone)
        const local = localOf(at)
        if (local.date === date && local.minute === minute) found.push(at.toMillis())
      }
    }
    for (const jump of offsetChanges(day)) found.push(jump.toMillis())
  }
  return [...new Set(found)].sort((a, b) => a - b)
}

/**
 * The first instant on `date` whose wall time in `zone` is at or after `time` (HH:MM; 24:00 is the
 * next midnight). A time skipped by spring forward answers the moment the clock jumps; one that
 * happens twice answers its first occurrence.
 */
export function wallInstant(date: string, time: string, zone: string): Date {
  const [hour = 0, minute = 0] = time.split(':').map(Number)
  const day = DateTime.fromISO(date, { zone }).startOf('day')
  if (!day.isValid) throw new RangeError(`Not a date in ${zone}: ${date}`)
  if (hour === 24) return day.plus({ days: 1 }).startOf('day').toJSDate()
  const wanted = hour * 60 + minute
  const next = day.plus({ days: 1 }).startOf('day')
  const candidates = wallBoundaries([wanted], day.toJSDate(), next.toJSDate(), zone)
  const at = candidates.find((c) => {
    const local = localOf(DateTime.fromJSDate(c, { zone }))
    return local.date === date && local.minute >= wanted
  })
  return at ?? next.toJSDate()
}
