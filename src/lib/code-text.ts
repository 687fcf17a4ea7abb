import { DateTime } from 'luxon'
import type { TranslationFunctions } from '../../i18n/i18n-types'

// An offline code's window as people at its lock read it (decision 073): wall-clock times in the
// zone of the lock's place, and the zone named by its city.

const WALL = 'yyyy-MM-dd HH:mm'

/** "Berlin" for Europe/Berlin, "New York" for America/New_York, "UTC" for UTC. */
export const zoneCity = (zone: string) => (zone.split('/').at(-1) ?? zone).replaceAll('_', ' ')

/** An instant on the wall clock of `zone`. */
export const wallTime = (iso: string, zone: string) =>
  DateTime.fromISO(iso, { zone }).toFormat(WALL)

/** "On Reception door #4, valid 2026-12-01 09:00 – 2027-12-01 09:00, Berlin time". */
export function codeShownText(
  LL: TranslationFunctions,
  code: { device_name: string; valid_from: string; valid_until: string; time_zone: string },
): string {
  return LL.lockSync.shown({
    device: code.device_name,
    from: wallTime(code.valid_from, code.time_zone),
    until: wallTime(code.valid_until, code.time_zone),
    zone: zoneCity(code.time_zone),
  })
}

/** "Valid until 2027-12-01 09:00 on Reception door #4, Berlin time". */
export function codeLineText(
  LL: TranslationFunctions,
  code: { device_name: string; valid_until: string; time_zone: string },
): string {
  return LL.lockSync.codeLine({
    device: code.device_name,
    until: wallTime(code.valid_until, code.time_zone),
    zone: zoneCity(code.time_zone),
  })
}
