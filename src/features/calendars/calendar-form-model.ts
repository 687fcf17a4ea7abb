import { CalendarInput, type Calendar } from '../../contract/access-model'
import type { FormCoreOptions } from '../../ui/form/form-core'

// The calendar's own form is its name: its exceptions are added and removed on its page, one at a
// time or a region's public holidays at once.

export interface FormValues {
  name: string
}

export const emptyValues: FormValues = { name: '' }

export const valuesOf = (calendar: Calendar): FormValues => ({ name: calendar.name })

export const calendarForm: FormCoreOptions<FormValues, CalendarInput, keyof FormValues> = {
  struct: CalendarInput,
  fields: ['name'],
  prepare: (values) => ({ name: values.name.trim() }),
}
