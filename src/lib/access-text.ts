import type { TranslationFunctions } from '../../i18n/i18n-types'
import type { ScheduleInterval } from '../contract/access-model'
import { weekdays, type Weekday } from '../contract/credentials'
import type { PinEntryAnswer, PinEntryReason } from '../contract/pin-entry'
import { denialReasonText } from './answer-text'
import { daysText, type TextPlace } from './credential-text'

// Why a person may open a place, in words (decision 065): a schedule's week, a membership's
// dates, the moment a rule or exception applies, and a keypad's answer. Pure, so the same words
// serve "who can open", "where can they go" and "Try a PIN", and a unit test reads them.

/**
 * "Mon–Fri 07:00–19:00; Sat 09:00–13:00": intervals on the same days share their days' words, in
 * the order given; a time across midnight reads as written (Fri 22:00–06:00).
 */
export function weekSummary(LL: TranslationFunctions, intervals: readonly ScheduleInterval[]) {
  if (intervals.length === 0) return LL.weekEditor.closedAllWeek()
  const byDays = new Map<string, { days: readonly Weekday[]; times: string[] }>()
  for (const interval of intervals) {
    const key = weekdays.filter((d) => interval.days.includes(d)).join(',')
    const times = `${interval.start}–${interval.end}`
    const found = byDays.get(key)
    if (found) found.times.push(times)
    else byDays.set(key, { days: interval.days, times: [times] })
  }
  return [...byDays.values()]
    .map(({ days, times }) =>
      LL.weekEditor.summaryPart({ days: daysText(LL, days), times: times.join(', ') }),
    )
    .join('; ')
}

function day(iso: string, place: TextPlace): string {
  return new Intl.DateTimeFormat(place.locale, {
    dateStyle: 'medium',
    timeZone: place.timeZone,
  }).format(Date.parse(iso))
}

/** "(member since 3 Jan 2027)", "(member until …)", "(member from … until …)", or '' for always. */
export function memberText(
  LL: TranslationFunctions,
  since: string | null | undefined,
  until: string | null | undefined,
  place: TextPlace,
): string {
  if (since && until)
    return LL.access.memberBetween({ from: day(since, place), until: day(until, place) })
  if (since) return LL.access.memberSince({ date: day(since, place) })
  if (until) return LL.access.memberUntil({ date: day(until, place) })
  return ''
}

/** "from …", "until …", "… → …" for a rule's or a credential's dates; '' when it has none. */
export function validText(
  LL: TranslationFunctions,
  from: string | null,
  until: string | null,
  place: TextPlace,
): string {
  if (from && until)
    return LL.access.validBetween({ from: day(from, place), until: day(until, place) })
  if (from) return LL.access.validFrom({ from: day(from, place) })
  if (until) return LL.access.validUntil({ until: day(until, place) })
  return ''
}

/** What of a rule's schedule applies: its name, its hours or the one interval open, or an exception. */
export interface ScheduleWhen {
  schedule_name?: string | null
  /** The schedule's intervals, or the one that applies; null or absent: at any time. */
  intervals?: readonly ScheduleInterval[] | null
  /** The calendar exception that decided, by name. */
  exception?: string | null
}

/** "Mon–Fri 07:00–19:00", "by the exception Christmas Eve", or "at any time". */
export function hoursText(LL: TranslationFunctions, when: ScheduleWhen): string {
  if (when.exception) return LL.access.exception({ name: when.exception })
  return when.intervals ? weekSummary(LL, when.intervals) : LL.access.anyTime()
}

/** "Business hours: Mon–Fri 07:00–19:00", or the hours alone when there is no schedule to name. */
export function whenText(LL: TranslationFunctions, when: ScheduleWhen): string {
  const hours = hoursText(LL, when)
  return when.schedule_name
    ? LL.access.scheduleTimes({ schedule: when.schedule_name, times: hours })
    : hours
}

/** A denial's reason: "outside the schedule", "closed for a holiday (Christmas Day)". */
export function denialText(LL: TranslationFunctions, reason: PinEntryReason): string {
  const code = reason.denied_because
  if (code === undefined) return ''
  const words = denialReasonText(LL, code)
  return reason.exception ? LL.keypad.reasonNamed({ reason: words, name: reason.exception }) : words
}

/**
 * A keypad's answer in one sentence: "Granted: Pia Neumann through Front desk, rule Business hours
 * front desk, Mon–Fri 07:00–19:00", "Denied: outside the schedule". `person` is the granted
 * person's name when the reader may see it.
 */
export function pinEntryText(
  LL: TranslationFunctions,
  answer: Pick<PinEntryAnswer, 'granted' | 'user_id' | 'reason'>,
  person: string | undefined,
): string {
  const { reason } = answer
  if (!answer.granted) return LL.keypad.denied({ reason: denialText(LL, reason) })
  const name = person ?? LL.keypad.person({ id: answer.user_id ?? '' })
  if (reason.rule_id !== undefined) {
    return LL.keypad.grantedRule({
      name,
      group: reason.group_name ?? LL.access.unnamed({ id: reason.group_id ?? '' }),
      rule: reason.rule_name ?? LL.access.unnamed({ id: reason.rule_id }),
      when: hoursText(LL, {
        intervals: reason.interval ? [reason.interval] : null,
        exception: reason.exception,
      }),
    })
  }
  if (reason.credential_id !== undefined)
    return LL.keypad.grantedCredential({ name, id: reason.credential_id })
  return LL.keypad.granted({ name })
}

/**
 * The rule a denial came closest through ("Rule Business hours front desk through Front desk"),
 * or null when the server named none (an unknown PIN, no group at all).
 */
export function closestRuleText(LL: TranslationFunctions, reason: PinEntryReason): string | null {
  if (reason.denied_because === undefined || reason.rule_id === undefined) return null
  return LL.keypad.closest({
    rule: reason.rule_name ?? LL.access.unnamed({ id: reason.rule_id }),
    group: reason.group_name ?? LL.access.unnamed({ id: reason.group_id ?? '' }),
  })
}
