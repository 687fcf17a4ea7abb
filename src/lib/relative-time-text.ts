import type { TranslationFunctions } from '../../i18n/i18n-types'
import { relativeTime } from './relative-time'

/**
 * "3 minutes ago" / "vor 3 Minuten": the largest fitting unit, singular or plural (requirements
 * R9.9).
 */
export function formatRelativeTime(
  LL: TranslationFunctions,
  then: Date | number,
  now: Date | number = Date.now(),
): string {
  const value = relativeTime(then, now)
  switch (value.unit) {
    case 'justNow':
      return LL.time.justNow()
    case 'second':
      return LL.time.secondsAgo({ count: value.count })
    case 'minute':
      return LL.time.minutesAgo({ count: value.count })
    case 'hour':
      return LL.time.hoursAgo({ count: value.count })
    case 'day':
      return LL.time.daysAgo({ count: value.count })
    case 'week':
      return LL.time.weeksAgo({ count: value.count })
    case 'month':
      return LL.time.monthsAgo({ count: value.count })
    case 'year':
      return LL.time.yearsAgo({ count: value.count })
  }
}

/** "3 minutes ago, 28/11/2026 00:12:34": what a screen reader hears for a log row's moment. */
export function relativeAndExact(
  LL: TranslationFunctions,
  iso: string,
  now: number,
  exact: Intl.DateTimeFormat,
): string {
  return `${formatRelativeTime(LL, Date.parse(iso), now)}, ${exact.format(Date.parse(iso))}`
}
