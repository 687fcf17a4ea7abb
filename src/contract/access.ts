import {
  array,
  boolean,
  defaulted,
  enums,
  integer,
  nullable,
  object,
  optional,
  refine,
  string,
  type Infer,
} from './struct'
import { ScheduleInterval } from './access-model'
import { Repetition } from './credentials'
import { Id, IdParam, IsoDateTime } from './fields'
import { PageLength, PageStart } from './list'
import { LockdownNotice } from './lockdowns'
import { fail } from './rules'
import { TimeZone } from './time-zone'

// "Who can open this?" (docs/journal.md, decisions 052 and 067): the people whose credentials, or
// rules through their groups (decision 065), open a door, a location or a device, now or at a past
// moment reconstructed from the journal.

export const ACCESS_PATH = '/access/v1/access'

/** How many people one answer lists unless asked for another page length (at most the lists' 500). */
export const ACCESS_PAGE_LENGTH = 100
/** How many of a person's grants the answer lists; `grant_count` counts them all. */
export const GRANTS_SHOWN = 5

/** What is asked about: exactly one place. */
export const accessTargetTypes = ['door', 'location', 'device'] as const
export type AccessTargetType = (typeof accessTargetTypes)[number]

export { TimeZone }

export const AccessQuery = refine(
  object({
    door_id: optional(IdParam),
    location_id: optional(IdParam),
    device_id: optional(IdParam),
    /** The moment asked about; now when absent. */
    at: optional(IsoDateTime),
    /**
     * The zone the answer's instants are written in; the place's when absent. Schedules are always
     * read on the place's wall clock (decision 067).
     */
    time_zone: optional(TimeZone),
    /** A page of the people, by e-mail (the answer counts them all). */
    start: defaulted(PageStart, 0),
    length: defaulted(PageLength, ACCESS_PAGE_LENGTH),
  }),
  'one_target',
  (q) =>
    [q.door_id, q.location_id, q.device_id].filter((id) => id !== undefined).length === 1 ||
    fail('invalid', 'Give exactly one of door_id, location_id and device_id.', {}, ['door_id']),
)
export type AccessQuery = Infer<typeof AccessQuery>

/**
 * One way a person opens the place at the moment: a direct credential on a place (`kind:
 * 'credential'`, with its window), or a rule through a group (`kind: 'rule'`, decision 065) with the
 * membership's start and the interval or calendar exception that applies. `via_*` is the place the
 * credential or the rule's target names (which covers the place asked about).
 */
export const AccessGrant = object({
  kind: enums(['credential', 'rule']),
  credential_id: optional(Id),
  via_type: enums(['location', 'floor', 'room', 'door', 'device']),
  via_id: Id,
  /** The place's name today; '' when it is gone. */
  via_name: string(),
  start_datetime: optional(IsoDateTime),
  end_datetime: optional(nullable(IsoDateTime)),
  permanent: optional(boolean()),
  repetition: optional(nullable(Repetition)),
  rule_id: optional(Id),
  rule_name: optional(string()),
  group_id: optional(Id),
  group_name: optional(string()),
  member_since: optional(nullable(IsoDateTime)),
  schedule_id: optional(nullable(Id)),
  schedule_name: optional(nullable(string())),
  /** The schedule's interval that is open then, in the place's zone; null: the rule has no schedule. */
  interval: optional(nullable(ScheduleInterval)),
  /** The calendar exception that opened it, by name. */
  exception: optional(nullable(string())),
})
export type AccessGrant = Infer<typeof AccessGrant>

/**
 * A person who can open it, named as they were at the moment, with the first `GRANTS_SHOWN` of the
 * grants that do (credentials by id, then rules by rule and group) and how many do.
 */
export const AccessPerson = object({
  user_id: Id,
  email: string(),
  first_name: string(),
  last_name: string(),
  grant_count: integer(),
  grants: array(AccessGrant),
})
export type AccessPerson = Infer<typeof AccessPerson>

export const AccessAnswer = object({
  target_type: enums(accessTargetTypes),
  target_id: Id,
  at: IsoDateTime,
  /** The zone the answer's instants are written in: the one asked for, else the place's. */
  time_zone: string(),
  /** The zone the place's schedules and repeating credentials were read in at that moment. */
  place_time_zone: string(),
  /** The earliest moment the journal can answer for: before it, a past moment is refused. */
  journal_since: nullable(IsoDateTime),
  /** Everyone who can open it; `people` is the page from `start`, ordered by e-mail. */
  people_count: integer(),
  start: integer(),
  people: array(AccessPerson),
  /** A lockdown covering the place at that moment: then nobody can open it (docs/lockdown.md). */
  lockdown: nullable(LockdownNotice),
})
export type AccessAnswer = Infer<typeof AccessAnswer>
