import { DateTime } from 'luxon'
import { CalendarException, type ExceptionEffect } from '../../contract/access-model'
import type { FormCoreOptions } from '../../ui/form/form-core'

// One exception as the dialog edits it: on a date or repeatedly, the whole day or between two
// times. The contract's struct checks it, so the dialog refuses what the server would.

export type ExceptionKind = 'date' | 'rrule'

export interface ExceptionValues {
  name: string
  kind: ExceptionKind
  /** `YYYY-MM-DD` as a date input holds it; '' until given. */
  date: string
  rrule: string
  dtstart: string
  wholeDay: boolean
  /** `HH:MM` as a time input holds it. */
  start: string
  end: string
  effect: ExceptionEffect
}

export type ExceptionField = keyof ExceptionValues

export const newException: ExceptionValues = {
  name: '',
  kind: 'date',
  date: '',
  rrule: '',
  dtstart: '',
  wholeDay: true,
  start: '',
  end: '',
  effect: 'closed',
}

const given = (text: string) => (text.trim() === '' ? undefined : text.trim())

/** What is sent: only the fields the chosen kind and hours use, text trimmed, blanks left out. */
function exceptionOf(values: ExceptionValues): unknown {
  const when =
    values.kind === 'date'
      ? { date: given(values.date) }
      : { rrule: given(values.rrule), dtstart: given(values.dtstart) }
  const hours = values.wholeDay ? {} : { start: given(values.start), end: given(values.end) }
  const name = given(values.name)
  return { ...(name ? { name } : {}), ...when, ...hours, effect: values.effect }
}

export const exceptionForm: FormCoreOptions<ExceptionValues, CalendarException, ExceptionField> = {
  struct: CalendarException,
  fields: ['name', 'kind', 'date', 'rrule', 'dtstart', 'wholeDay', 'start', 'end', 'effect'],
  prepare: exceptionOf,
}

/** The order the table lists them in: by their date, or a recurrence's first one. */
export const exceptionDate = (exception: CalendarException) =>
  exception.date ?? exception.dtstart ?? ''

/** "Sat, Dec 25, 2027" or "Sa., 25. Dez. 2027": a calendar date in the reader's language. */
export function dateText(date: string, locale: string): string {
  return DateTime.fromISO(date).setLocale(locale).toLocaleString({
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  })
}
