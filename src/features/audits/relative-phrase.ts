import type { TranslationFunctions } from '../../../i18n/i18n-types'
import { relativeTime, type RelativeUnit } from '../../lib/relative-time'

const phrases: Record<RelativeUnit, (LL: TranslationFunctions, count: number) => string> = {
  year: (LL, count) => LL.time.yearsAgo({ count }),
  month: (LL, count) => LL.time.monthsAgo({ count }),
  week: (LL, count) => LL.time.weeksAgo({ count }),
  day: (LL, count) => LL.time.daysAgo({ count }),
  hour: (LL, count) => LL.time.hoursAgo({ count }),
  minute: (LL, count) => LL.time.minutesAgo({ count }),
  second: (LL, count) => LL.time.secondsAgo({ count }),
}

/** SPEC 9's relative time in the user's language, e.g. "3 minutes ago". */
export function relativePhrase(LL: TranslationFunctions, then: string, now: number): string {
  const time = relativeTime(Date.parse(then), now)
  return time.unit === 'justNow' ? LL.time.justNow() : phrases[time.unit](LL, time.count)
}
