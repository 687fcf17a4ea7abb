import { ScheduleInput, type Schedule, type ScheduleInterval } from '../../contract/access-model'
import type { FormCoreOptions } from '../../ui/form/form-core'

// The form validates with the contract's own struct, so it refuses exactly what the server would
// (400) and names the same rules; the form layer words them in the user's language. The calendars
// a schedule uses are attached on its page, not here.

export interface FormValues {
  name: string
  intervals: ScheduleInterval[]
}

export type FormField = keyof FormValues

export const emptyValues: FormValues = { name: '', intervals: [] }

export function valuesOf(schedule: Schedule): FormValues {
  return { name: schedule.name, intervals: schedule.intervals.map((i) => ({ ...i })) }
}

export const scheduleForm: FormCoreOptions<FormValues, ScheduleInput, FormField> = {
  struct: ScheduleInput,
  fields: ['name', 'intervals'],
  prepare: (values) => ({ name: values.name.trim(), intervals: values.intervals }),
}
