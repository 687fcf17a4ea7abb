import {
  CredentialInput,
  type Credential,
  type CredentialAssignmentType,
  type Repetition,
  type Weekday,
} from '../../contract/credentials'
import type { FormCoreOptions } from '../../ui/form/form-core'
import type { AccessWindow } from '../../lib/credential-text'

// The form validates with the contract's own struct, so it refuses exactly what the server would
// (400) and names the same rules; the form layer words them in the user's language.

export type RepetitionKind = 'none' | 'daily' | 'weekly'

export interface FormValues {
  /** A select's value: '' until a user is chosen. */
  user_id: string
  assignment_type: CredentialAssignmentType
  assignment_id: string
  exclusive: boolean
  permanent: boolean
  /** ISO instants with the browser zone's offset, '' until fully typed. */
  start_datetime: string
  end_datetime: string
  /** The weekdays are kept while another kind is chosen, so switching back loses nothing. */
  repetition: { kind: RepetitionKind; weekdays: Weekday[] }
}

export type FormField = keyof FormValues

export const emptyValues: FormValues = {
  user_id: '',
  assignment_type: 'device',
  assignment_id: '',
  exclusive: false,
  permanent: false,
  start_datetime: '',
  end_datetime: '',
  repetition: { kind: 'none', weekdays: [] },
}

export function valuesOf(credential: Credential): FormValues {
  const { repetition } = credential
  return {
    user_id: String(credential.user_id),
    assignment_type: credential.assignment_type,
    assignment_id: String(credential.assignment_id),
    exclusive: credential.exclusive,
    permanent: credential.permanent,
    start_datetime: credential.start_datetime,
    end_datetime: credential.end_datetime ?? '',
    repetition: {
      kind: repetition?.type ?? 'none',
      weekdays: repetition?.type === 'weekly' ? [...repetition.weekdays] : [],
    },
  }
}

export function repetitionOf({ kind, weekdays }: FormValues['repetition']): Repetition | null {
  if (kind === 'daily') return { type: 'daily' }
  if (kind === 'weekly') return { type: 'weekly', weekdays }
  return null
}

/** '' is "not chosen": left out, so the contract says which one is required. */
const idOf = (value: string) => (value === '' ? undefined : Number(value))

/** The window the live sentence reads: what would be saved, even while half typed. */
export function windowOfValues(values: FormValues): AccessWindow {
  return {
    start: values.start_datetime,
    end: values.permanent ? null : values.end_datetime,
    permanent: values.permanent,
    repetition: repetitionOf(values.repetition),
  }
}

/** The form's fields in screen order, and what the contract checks. */
export const credentialForm: FormCoreOptions<FormValues, CredentialInput, FormField> = {
  struct: CredentialInput,
  fields: [
    'user_id',
    'assignment_type',
    'assignment_id',
    'exclusive',
    'permanent',
    'start_datetime',
    'end_datetime',
    'repetition',
  ],
  prepare: (values) => ({
    user_id: idOf(values.user_id),
    assignment_type: values.assignment_type,
    assignment_id: idOf(values.assignment_id),
    start_datetime: values.start_datetime,
    // A permanent credential has no end: a date typed before ticking "permanent" is not sent.
    end_datetime: values.permanent ? null : values.end_datetime === '' ? null : values.end_datetime,
    exclusive: values.exclusive,
    permanent: values.permanent,
    repetition: repetitionOf(values.repetition),
  }),
}
