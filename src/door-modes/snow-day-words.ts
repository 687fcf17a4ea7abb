import { DateTime } from 'luxon'
import type { TranslationFunctions } from '../../i18n/i18n-types'
import { isApiError } from '../api/api-error'
import type { SnowDayDoor } from '../contract/door-modes'
import { REASON_MAX } from './door-override-check'

// A snow day's words (decision 071): every date and time on the place's clock, through Luxon in
// its IANA zone; the server's refusals of one field worded at that field.

export const snowDayFields = ['date', 'time', 'reason'] as const
export type SnowDayField = (typeof snowDayFields)[number]
export type SnowDayValues = Record<SnowDayField, string>
export type SnowDayRefusals = Partial<Record<SnowDayField, string>>

const CLOCK = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const
const DAY = { weekday: 'short', day: 'numeric', month: 'short' } as const

/** The place's date today. */
export const todayAt = (zone: string): string => DateTime.now().setZone(zone).toISODate() ?? ''

/** "Thu, 10 Jun": the date as a person of the place reads it. */
export const dayText = (date: string, zone: string, locale: string): string => {
  const day = DateTime.fromISO(date, { zone })
  return day.isValid ? day.setLocale(locale).toLocaleString(DAY) : date
}

/** "10:00": a wall time of that date on the place's clock. */
export const wallTimeText = (date: string, time: string, zone: string, locale: string): string => {
  const at = DateTime.fromISO(`${date}T${time}`, { zone })
  return at.isValid ? at.setLocale(locale).toLocaleString(CLOCK) : time
}

function changesText(
  LL: TranslationFunctions,
  changes: SnowDayDoor['before'],
  zone: string,
  locale: string,
): string {
  if (changes.length === 0) return LL.snowDay.nothing()
  return changes
    .map(({ at, mode }) =>
      LL.snowDay.at({
        time: DateTime.fromISO(at, { zone }).setLocale(locale).toLocaleString(CLOCK),
        mode: LL.snowDay.mode[mode](),
      }),
    )
    .join(', ')
}

/** "07:00 unlocked, 19:00 locked → 10:00 unlocked, 19:00 locked": the door's day without and with it. */
export const doorChangeText = (
  LL: TranslationFunctions,
  door: SnowDayDoor,
  zone: string,
  locale: string,
): string =>
  LL.snowDay.change({
    before: changesText(LL, door.before, zone, locale),
    after: changesText(LL, door.after, zone, locale),
  })

/** What the dialog refuses before asking: a field left empty, a reason too long. */
export function checkSnowDay(LL: TranslationFunctions, values: SnowDayValues): SnowDayRefusals {
  const refusals: SnowDayRefusals = {}
  for (const field of snowDayFields)
    if (values[field].trim() === '') refusals[field] = LL.snowDay.refusals.required()
  if (values.reason.length > REASON_MAX)
    refusals.reason = LL.snowDay.refusals.tooLong({ max: REASON_MAX })
  return refusals
}

/** A 400 or 409 naming date, time or reason, worded at that field; null for any other failure. */
export function snowDayRefusals(LL: TranslationFunctions, error: unknown): SnowDayRefusals | null {
  if (!isApiError(error) || (error.status !== 400 && error.status !== 409)) return null
  const body = error.body
  const field = snowDayFields.find((name) => name === body?.field)
  if (body === null || field === undefined) return null
  if (body.rule === 'required') return { [field]: LL.snowDay.refusals.required() }
  if (field === 'date')
    return {
      date: error.status === 409 ? LL.snowDay.refusals.duplicate() : LL.snowDay.refusals.past(),
    }
  if (field === 'time') return { time: LL.snowDay.refusals.time() }
  if (body.rule === 'too_long') return { reason: LL.snowDay.refusals.tooLong({ max: REASON_MAX }) }
  return { reason: body.message }
}
