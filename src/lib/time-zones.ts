import type { PickerOption, PickerSource, PickerWindow } from './picker-search'
import { PICKER_WINDOW } from './picker-search'

// The IANA zones a place's schedules are read in (decision 065): the zones this browser knows, so
// every choice is one the contract's TimeZone accepts on both sides.

/** What the server gives an organization that never chose one. */
export const DEFAULT_TIME_ZONE = 'UTC'

let names: readonly string[] | null = null

/**
 * Every zone this browser knows, sorted, with UTC among them: engines list only the zones of
 * places, and UTC is what an organization that never chose one has.
 */
export function timeZoneNames(): readonly string[] {
  names ??= [...new Set([...Intl.supportedValuesOf('timeZone'), DEFAULT_TIME_ZONE])].sort()
  return names
}

/** The zone this browser runs in: what a person setting up a new organization most likely means. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone

/** A zone the browser can read: one of its list, or an older name it still takes (Asia/Calcutta). */
function knownZone(zone: string): boolean {
  if (timeZoneNames().includes(zone)) return true
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

/** "new york", "New_York" and "america/new" all read alike. */
const words = (text: string) => text.toLowerCase().replace(/[_/]+/g, ' ').trim()

/**
 * The zones whose name holds every typed word, those holding the words as typed together first
 * ("america new" is America/New_York before America/North_Dakota/New_Salem), in the list's order.
 */
export function matchTimeZones(text: string, zones: readonly string[] = timeZoneNames()) {
  const typed = words(text)
  const wanted = typed.split(/\s+/).filter(Boolean)
  const found = zones.filter((zone) => {
    const name = words(zone)
    return wanted.every((word) => name.includes(word))
  })
  const together = found.filter((zone) => words(zone).includes(typed))
  return [...together, ...found.filter((zone) => !together.includes(zone))]
}

/** "UTC+01:00" now in `zone`, as the browser's own formatter writes it (it knows the rules). */
export function offsetNow(zone: string, now: Date = new Date()): string {
  const part = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'longOffset' })
    .formatToParts(now)
    .find((p) => p.type === 'timeZoneName')
  const offset = (part?.value ?? 'GMT').replace(/^GMT/, '')
  return `UTC${offset === '' ? '+00:00' : offset}`
}

const zoneOption = (zone: string): PickerOption => ({
  value: zone,
  label: zone,
  detail: offsetNow(zone),
})

/**
 * A picker over the zones, searched here rather than on a server: the list is the browser's own.
 * `empty` is a first choice meaning "none" (a location that follows its organization), offered
 * while nothing is typed.
 */
export function timeZonePicker(empty?: PickerOption): PickerSource {
  return {
    key: ['picker', 'time-zones', empty?.label ?? ''],
    search: (text): Promise<PickerWindow> => {
      const found = matchTimeZones(text)
      const lead = empty !== undefined && text.trim() === '' ? [empty] : []
      return Promise.resolve({
        options: [...lead, ...found.slice(0, PICKER_WINDOW).map(zoneOption)],
        total: lead.length + found.length,
      })
    },
    lookup: (value) => Promise.resolve(knownZone(value) ? zoneOption(value) : null),
  }
}
