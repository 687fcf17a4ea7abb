import {
  array,
  assign,
  boolean,
  dynamic,
  enums,
  literal,
  nullable,
  object,
  optional,
  partial,
  refine,
  string,
  type Infer,
  type Struct,
} from './struct'
import { Id, IsoDateTime, requiredId } from './fields'
import { listQuery } from './list'
import { fail, required } from './rules'

export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const
export const Weekday = enums(weekdays)
export type Weekday = Infer<typeof Weekday>

const DailyRepetition = object({ type: literal('daily') })
const WeeklyRepetition = object({
  type: literal('weekly'),
  weekdays: refine(array(Weekday), 'weekdays', (d) => {
    if (d.length === 0) return required('weekdays')
    return new Set(d).size === d.length || fail('duplicate', 'Each weekday once.')
  }),
})

// Chosen by `type`, not a union: a union reports only "no member matched", while the weekly
// struct names the rule that broke (no weekday chosen), which the form shows under the picker.
export const Repetition = dynamic<Infer<typeof DailyRepetition> | Infer<typeof WeeklyRepetition>>(
  (value) =>
    typeof value === 'object' && value !== null && 'type' in value && value.type === 'weekly'
      ? (WeeklyRepetition as Struct<Infer<typeof WeeklyRepetition> | Infer<typeof DailyRepetition>>)
      : (DailyRepetition as Struct<Infer<typeof WeeklyRepetition> | Infer<typeof DailyRepetition>>),
)
export type Repetition = Infer<typeof Repetition>

/** What the access right is for: a single device (e.g. a keypad), a door, or a whole location. */
export const CredentialAssignmentType = enums(['device', 'door', 'location'])
export type CredentialAssignmentType = Infer<typeof CredentialAssignmentType>

export const Credential = object({
  credential_id: Id,
  organization_id: Id,
  user_id: Id,
  user_email: string(),
  assignment_id: Id,
  assignment_type: CredentialAssignmentType,
  assignment_name: string(),
  /** The building the assignment is in (the location itself for a location). */
  assignment_location_id: nullable(Id),
  start_datetime: IsoDateTime,
  /** null when permanent */
  end_datetime: nullable(IsoDateTime),
  exclusive: boolean(),
  permanent: boolean(),
  repetition: nullable(Repetition),
  meta_data: object({ command_output: object({ pin: nullable(string()) }) }),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
})
export type Credential = Infer<typeof Credential>

// The missing target is named by what the credential is for: "Door is required." for a door.
const targetIds = {
  device: requiredId('device'),
  door: requiredId('door'),
  location: requiredId('location'),
} as const

// The id's parent is the credential object: its entries are walked only once it is one.
const AssignmentId = dynamic<number>((_, context) => {
  const credential: unknown = context.branch.at(-2)
  const type = (credential as { assignment_type?: unknown } | undefined)?.assignment_type
  return type === 'device' || type === 'door' ? targetIds[type] : targetIds.location
})

const credentialFields = {
  user_id: requiredId('user'),
  assignment_type: CredentialAssignmentType,
  assignment_id: AssignmentId,
  start_datetime: IsoDateTime,
  end_datetime: optional(nullable(IsoDateTime)),
  exclusive: optional(boolean()),
  permanent: optional(boolean()),
  repetition: optional(nullable(Repetition)),
}

/** A permanent right has no end; any other needs an end after its start. */
export const CredentialInput = refine(object(credentialFields), 'window', (c) => {
  if (c.permanent === true) {
    return (
      c.end_datetime == null ||
      fail('permanent_has_end', 'A permanent credential has no end.', {}, ['end_datetime'])
    )
  }
  if (c.end_datetime == null) return { ...required('end'), path: ['end_datetime'] }
  return (
    Date.parse(c.end_datetime) > Date.parse(c.start_datetime) ||
    fail('end_before_start', 'The end must be after the start.', {}, ['end_datetime'])
  )
})
export type CredentialInput = Infer<typeof CredentialInput>

/** PUT: any subset; the server checks the merged credential against CredentialInput. */
export const CredentialUpdate = partial(object(credentialFields))
export type CredentialUpdate = Infer<typeof CredentialUpdate>

export const credentialSortKeys = [
  'credential_id',
  'user_id',
  'start_datetime',
  'end_datetime',
  'created_at',
] as const
/** The list's filter "not on every lock yet": a lock still to take it on or off (decision 073). */
export const credentialSyncFilters = ['unsettled'] as const
export const CredentialListQuery = assign(
  listQuery(credentialSortKeys, 'credential_id'),
  object({ sync: optional(enums(credentialSyncFilters)) }),
)
export type CredentialListQuery = Infer<typeof CredentialListQuery>
