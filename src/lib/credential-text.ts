import type { TranslationFunctions } from '../../i18n/i18n-types'
import { weekdays, type Credential, type Repetition, type Weekday } from '../contract/credentials'

/** The part of a credential (saved or being typed) that says when it opens. */
export type AccessWindow = {
  start: string
  /** null or '' when permanent or not typed yet. */
  end: string | null
  permanent: boolean
  repetition: Repetition | null
}

/** Where the words are read: the locale, and the time zone (the browser's unless a test names one). */
export type TextPlace = { locale: string; timeZone?: string }

const WORKWEEK: readonly Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri']
const WEEKEND: readonly Weekday[] = ['sat', 'sun']

const same = (a: readonly Weekday[], b: readonly Weekday[]) =>
  a.length === b.length && a.every((d) => b.includes(d))

/** The chosen days as runs in week order: Mon, Tue, Wed, Fri → [[mon, tue, wed], [fri]]. */
export function weekdayRuns(days: readonly Weekday[]): Weekday[][] {
  const runs: Weekday[][] = []
  let previous = -2
  for (const [index, day] of weekdays.entries()) {
    if (!days.includes(day)) continue
    const last = runs.at(-1)
    if (last && index === previous + 1) last.push(day)
    else runs.push([day])
    previous = index
  }
  return runs
}

/** "Mon–Fri", "Mon, Wed, Fri", "Mon–Wed, Sat"; a run of two is written as two days. */
export function daysText(LL: TranslationFunctions, days: readonly Weekday[]): string {
  const short = (day: Weekday) => LL.form.weekdaysShort[day]()
  return weekdayRuns(days)
    .flatMap((run) => {
      const first = run[0]
      const last = run.at(-1)
      if (!first || !last) return []
      if (run.length > 2) return [`${short(first)}–${short(last)}`]
      return run.map(short)
    })
    .join(', ')
}

const valid = (iso: string | null): iso is string => !!iso && !Number.isNaN(Date.parse(iso))

function timeOfDay(iso: string, place: TextPlace) {
  return new Intl.DateTimeFormat(place.locale, {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: place.timeZone,
  }).format(Date.parse(iso))
}

/** "08:00–18:00": the daily window a repeating credential opens in; only the start when open-ended. */
function timesText(window: AccessWindow, place: TextPlace): string {
  const from = timeOfDay(window.start, place)
  return !window.permanent && valid(window.end) ? `${from}–${timeOfDay(window.end, place)}` : from
}

/** The list's schedule column: "Once", "Daily, 08:00–18:00" or "Mon–Fri, 08:00–18:00". */
export function scheduleText(LL: TranslationFunctions, window: AccessWindow, place: TextPlace) {
  const { repetition } = window
  if (!repetition) return LL.credentials.schedule.once()
  const times = valid(window.start) ? timesText(window, place) : ''
  const days =
    repetition.type === 'daily'
      ? LL.credentials.schedule.daily()
      : daysText(LL, repetition.weekdays)
  return times ? LL.credentials.schedule.withTimes({ days, times }) : days
}

function dateTime(iso: string, place: TextPlace) {
  return new Intl.DateTimeFormat(place.locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: place.timeZone,
  }).format(Date.parse(iso))
}

/** The list's validity column: "Permanent" or "1 Dec 2026, 08:00 → 31 Dec 2026, 18:00". */
export function validityText(LL: TranslationFunctions, window: AccessWindow, place: TextPlace) {
  if (window.permanent || !valid(window.end)) return LL.credentials.permanent()
  return LL.credentials.validity({
    start: dateTime(window.start, place),
    end: dateTime(window.end, place),
  })
}

function day(iso: string, place: TextPlace, withYear: boolean) {
  return new Intl.DateTimeFormat(place.locale, {
    day: 'numeric',
    month: 'short',
    ...(withYear ? { year: 'numeric' } : {}),
    timeZone: place.timeZone,
  }).format(Date.parse(iso))
}

function whenText(LL: TranslationFunctions, repetition: Repetition) {
  if (repetition.type === 'daily') return LL.credentials.sentence.daily()
  if (same(repetition.weekdays, WORKWEEK)) return LL.credentials.sentence.weekdays()
  if (same(repetition.weekdays, WEEKEND)) return LL.credentials.sentence.weekends()
  if (repetition.weekdays.length === weekdays.length) return LL.credentials.sentence.daily()
  return LL.credentials.sentence.onDays({ days: daysText(LL, repetition.weekdays) })
}

/**
 * What the credential will allow, in one sentence: "Opens Door 3 on weekdays 08:00–18:00 from
 * 1 Dec to 31 Dec". Null until there is a target and a start to speak of.
 */
export function allowanceSentence(
  LL: TranslationFunctions,
  target: string,
  window: AccessWindow,
  place: TextPlace,
): string | null {
  if (target === '' || !valid(window.start)) return null
  const open = window.permanent || !valid(window.end)
  const end = open ? null : window.end
  const { repetition } = window
  if (!repetition) {
    if (end === null)
      return LL.credentials.sentence.onceOpen({ target, start: dateTime(window.start, place) })
    return LL.credentials.sentence.once({
      target,
      start: dateTime(window.start, place),
      end: dateTime(end, place),
    })
  }
  const when = whenText(LL, repetition)
  const times = timesText(window, place)
  if (end === null) {
    const start = day(window.start, place, true)
    return LL.credentials.sentence.repeatingOpen({ target, when, times, start })
  }
  const year = (iso: string) =>
    new Intl.DateTimeFormat('en', { year: 'numeric', timeZone: place.timeZone }).format(
      Date.parse(iso),
    )
  const years = year(window.start) !== year(end)
  return LL.credentials.sentence.repeating({
    target,
    when,
    times,
    start: day(window.start, place, years),
    end: day(end, place, years),
  })
}

/** A saved credential's window, as the words above read it. */
export function windowOf(
  credential: Pick<Credential, 'start_datetime' | 'end_datetime' | 'permanent' | 'repetition'>,
): AccessWindow {
  return {
    start: credential.start_datetime,
    end: credential.end_datetime,
    permanent: credential.permanent,
    repetition: credential.repetition,
  }
}
