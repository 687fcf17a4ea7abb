import type { TranslationFunctions } from '../../../i18n/i18n-types'
import type { ScheduleInterval } from '../../contract/access-model'
import { weekdays, type Weekday } from '../../contract/credentials'
import { DAY_MINUTES, minutesOf, timeOf } from './week-cells'

// Typed hours ("mo-fr 7-19; sa 9-13", "Mo–Fr 07:00–19:00", "fr 22-6"), in English and German
// alike, whatever the console's language; the summary a screen reader reads back ("Mon–Fri
// 07:00–19:00; Sat 09:00–13:00") is weekSummary in lib/access-text.ts, which every schedule's words use.

/** Day names in both languages, each with its short forms; none is shared by two days. */
const dayWords: Record<Weekday, readonly string[]> = {
  mon: ['mo', 'mon', 'monday', 'montag'],
  tue: ['tu', 'tue', 'tues', 'tuesday', 'di', 'dienstag'],
  wed: ['we', 'wed', 'wednesday', 'mi', 'mittwoch'],
  thu: ['th', 'thu', 'thur', 'thurs', 'thursday', 'do', 'donnerstag'],
  fri: ['fr', 'fri', 'friday', 'freitag'],
  sat: ['sa', 'sat', 'saturday', 'samstag', 'sonnabend'],
  sun: ['su', 'sun', 'sunday', 'so', 'sonntag'],
}
const dayOfWord = new Map(
  Object.entries(dayWords).flatMap(([day, words]) => words.map((w) => [w, day as Weekday])),
)
/** Words for every day, and words read as a dash, a list comma, or nothing at all ("7-19 Uhr"). */
const everyDay = new Set(['daily', 'täglich', 'taeglich'])
const dashWords = new Set(['to', 'bis'])
const andWords = new Set(['and', 'und'])
const noiseWords = new Set(['uhr', 'h'])

type Token =
  | { kind: 'day'; day: Weekday; text: string }
  | { kind: 'every'; text: string }
  | { kind: 'time'; text: string; minutes: number | null }
  | { kind: 'dash'; text: string }
  | { kind: 'comma'; text: string }
  | { kind: 'end'; text: string }

/** Why typed hours were refused, and the words that were not understood, as typed. */
export type WeekTextProblem =
  | { code: 'unknown'; text: string }
  | { code: 'bad_time'; text: string }
  | { code: 'no_end'; text: string }
  | { code: 'no_hours'; text: string }
  | { code: 'same_time'; text: string }
  | { code: 'misplaced'; text: string }

export type WeekTextResult =
  { ok: true; intervals: ScheduleInterval[] } | { ok: false; problem: WeekTextProblem }

/** `7`, `07`, `7:30`, `7.30`, `0730`, `24:00` as minutes since midnight; null when no time of day. */
function timeMinutes(text: string): number | null {
  const [hours = '', minutes = '00'] = /^\d{4}$/.test(text)
    ? [text.slice(0, 2), text.slice(2)]
    : text.split(/[:.]/)
  if (!/^[0-5]\d$/.test(minutes)) return null
  const total = minutesOf(`${hours.padStart(2, '0')}:${minutes}`)
  return Number.isFinite(total) && total <= DAY_MINUTES ? total : null
}

function tokens(input: string): Token[] | WeekTextProblem {
  const found: Token[] = []
  const pattern = /\s+|(\d{4}|\d{1,2}(?:[:.]\d{2})?)|([\p{L}]+)|([-–—−])|([,&+])|([;\n])|(.)/gu
  for (const match of input.matchAll(pattern)) {
    const [text, time, word, dash, comma, end, other] = match
    if (time !== undefined) found.push({ kind: 'time', text, minutes: timeMinutes(time) })
    else if (word !== undefined) {
      const lower = word.toLocaleLowerCase()
      const day = dayOfWord.get(lower)
      if (day) found.push({ kind: 'day', day, text })
      else if (everyDay.has(lower)) found.push({ kind: 'every', text })
      else if (dashWords.has(lower)) found.push({ kind: 'dash', text })
      else if (andWords.has(lower)) found.push({ kind: 'comma', text })
      else if (!noiseWords.has(lower)) return { code: 'unknown', text }
    } else if (dash !== undefined) found.push({ kind: 'dash', text })
    else if (comma !== undefined) found.push({ kind: 'comma', text })
    else if (end !== undefined) found.push({ kind: 'end', text })
    else if (other !== undefined) return { code: 'unknown', text: other }
  }
  return found
}

/** Monday to Friday, or Friday round to Monday. */
function dayRange(from: Weekday, to: Weekday): Weekday[] {
  const first = weekdays.indexOf(from)
  const span = (weekdays.indexOf(to) - first + 7) % 7
  return Array.from({ length: span + 1 }, (_, i) => weekdays[(first + i) % 7] ?? from)
}

interface Segment {
  days: Set<Weekday>
  daysText: string[]
  ranges: { start: number; end: number; text: string }[]
}

const newSegment = (): Segment => ({ days: new Set(), daysText: [], ranges: [] })

/**
 * Typed hours as intervals: segments separated by `;` or a new line, or begun by a day after
 * hours ("mo-fr 7-19 sa 9-13"); each is days (one, a range, a list; none means every day) and
 * one or more time ranges. An end at or before its start runs past midnight (22-6).
 */
export function parseWeek(input: string): WeekTextResult {
  const list = tokens(input)
  if (!Array.isArray(list)) return { ok: false, problem: list }
  const segments: Segment[] = []
  let current = newSegment()
  const close = () => {
    if (current.days.size > 0 || current.ranges.length > 0) segments.push(current)
    current = newSegment()
  }
  for (let at = 0; at < list.length; at += 1) {
    const token = list[at]
    if (token === undefined) break
    if (token.kind === 'end') close()
    else if (token.kind === 'comma') continue
    else if (token.kind === 'dash')
      return { ok: false, problem: { code: 'misplaced', text: token.text } }
    else if (token.kind === 'every' || token.kind === 'day') {
      if (current.ranges.length > 0) close()
      const dash = list[at + 1]
      const last = list[at + 2]
      if (token.kind === 'day' && dash?.kind === 'dash' && last?.kind === 'day') {
        for (const day of dayRange(token.day, last.day)) current.days.add(day)
        current.daysText.push(`${token.text}${dash.text}${last.text}`)
        at += 2
      } else {
        for (const day of token.kind === 'day' ? [token.day] : weekdays) current.days.add(day)
        current.daysText.push(token.text)
      }
    } else {
      const dash = list[at + 1]
      const last = list[at + 2]
      const text = `${token.text}${dash?.text ?? ''}${last?.kind === 'time' ? last.text : ''}`
      if (token.minutes === null || token.minutes === DAY_MINUTES)
        return { ok: false, problem: { code: 'bad_time', text: token.text } }
      if (dash?.kind !== 'dash' || last?.kind !== 'time')
        return { ok: false, problem: { code: 'no_end', text: token.text } }
      if (last.minutes === null)
        return { ok: false, problem: { code: 'bad_time', text: last.text } }
      if (last.minutes !== DAY_MINUTES && last.minutes === token.minutes)
        return { ok: false, problem: { code: 'same_time', text } }
      current.ranges.push({ start: token.minutes, end: last.minutes, text })
      at += 2
    }
  }
  close()
  const intervals: ScheduleInterval[] = []
  for (const segment of segments) {
    if (segment.ranges.length === 0)
      return { ok: false, problem: { code: 'no_hours', text: segment.daysText.join(', ') } }
    const days =
      segment.days.size === 0 ? [...weekdays] : weekdays.filter((d) => segment.days.has(d))
    for (const range of segment.ranges)
      intervals.push({ days, start: timeOf(range.start), end: timeOf(range.end) })
  }
  return { ok: true, intervals }
}

/** What a refusal says, naming what was not understood. */
export function problemWords(LL: TranslationFunctions, problem: WeekTextProblem): string {
  return LL.weekEditor.problems[problem.code]({ text: problem.text })
}
