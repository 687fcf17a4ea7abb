import { DateTime } from 'luxon'

// Answers about places are written on a wall clock (decision 067): "who can open" in the zone
// asked for, "where can they go" in each place's. Through Luxon, as every wall-clock time.

/** An instant as ISO 8601 on the wall clock of `zone`, with its offset (2027-03-28T03:30:00.000+02:00). */
export function writtenIn(value: string | Date, zone: string): string {
  const ms = new Date(value).getTime()
  return DateTime.fromMillis(ms, { zone }).toISO() ?? new Date(ms).toISOString()
}

/**
 * writtenIn for one zone, remembering what it wrote: an answer repeats its instants (a page of
 * people shares their credentials' starts), and each costs Luxon a look at the zone's offsets.
 */
export function writerIn(zone: string): (value: string | Date) => string {
  const written = new Map<string, string>()
  return (value) => {
    const key = typeof value === 'string' ? value : value.toISOString()
    let text = written.get(key)
    if (text === undefined) {
      text = writtenIn(value, zone)
      written.set(key, text)
    }
    return text
  }
}
