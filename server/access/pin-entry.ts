import {
  PIN_ENTRY_FAILURES,
  PIN_ENTRY_LOCK_SECONDS,
  PIN_ENTRY_WINDOW_SECONDS,
  denialReasons,
  type DenialReason,
  type PinEntryAnswer,
  type PinEntryReason,
} from '../../src/contract/pin-entry'
import type { DetailParams } from '../../src/contract/audits'
import type { Principal } from '../context'
import { countDenial } from '../alerts/denials'
import { NOBODY, writeAudit, type AuditDetail, type AuditedDevice } from '../db/audit'
import type { Prepared, Queryable } from '../db/database'
import { lockdownAt } from '../db/lockdowns'
import { HttpError, notFound } from '../http/errors'
import {
  placesOfDevice,
  ruleVerdict,
  rulesCovering,
  type AccessModel,
  type PlaceKey,
  type RuleRow,
  type ScheduleRow,
} from './evaluate'
import { typedCode } from './offline-code'
import { pinDigest } from './pin-digest'
import { wallClock, type CalendarShape, type WallClock } from './schedule'

// The keypad asks the server (decision 066): whose PIN it is, and whether they may open the device's
// place at the server's moment. In the caller's transaction: the keypad's throttle row (locked, so
// PINs at one keypad are decided one after another and a burst of guesses is counted exactly), the
// device's places, one statement for the person with their direct credentials, groups and the rules
// that cover the place through those groups, the lockdown, and the audit row. The rules are judged
// by the evaluation core (evaluate.ts, schedule.ts): the same definition "who can open" uses.

/** Who typed the PIN: a signed-in user trying one at the device's page, or null for the device. */
export type PinTryer = Pick<Principal, 'userId' | 'email'> | null

export interface PinEntryRequest {
  device: AuditedDevice
  pin: string
  /** The moment decided: the server's clock (server/clock.ts). */
  at: Date
  tryer: PinTryer
  requestId: string
}

// ——— The throttle ———

// A keypad is a guessing oracle: after PIN_ENTRY_FAILURES PINs that are nobody's within
// PIN_ENTRY_WINDOW_SECONDS of the first, it answers 429 for PIN_ENTRY_LOCK_SECONDS. The sign-in
// budgets' table holds it under its own key, `pin-entry:<device>`, apart from the device cookies'
// `device:<nonce>`; for these keys `updated_at` is when the window began. Every time is the server
// clock's, passed as a parameter.
const throttleKey = (deviceId: number) => `pin-entry:${deviceId}`

const claimSql: Prepared = {
  name: 'pin_entry_claim',
  text: `insert into sign_in_budget (budget_key, attempts, updated_at) values ($1, 0, $2)
     on conflict (budget_key) do update set budget_key = excluded.budget_key
     returning attempts, updated_at, locked_until`,
}
const failedSql: Prepared = {
  name: 'pin_entry_failed',
  text: `update sign_in_budget set attempts = $2, updated_at = $3, locked_until = $4
     where budget_key = $1`,
}

interface Budget {
  attempts: number
  updated_at: string
  locked_until: string | null
}

/** 429 naming the seconds to wait, as a header and in the body. */
const tooManyWrongPins = (wait: number) =>
  new HttpError(
    429,
    'throttled',
    `Too many wrong PINs at this keypad. Try again in ${wait} seconds.`,
    undefined,
    { 'Retry-After': String(wait) },
    { params: { retry_after: wait } },
  )

/** The keypad's budget row, locked until commit; throws 429 while it is locked out. */
async function claimBudget(q: Queryable, deviceId: number, at: Date): Promise<Budget> {
  const [budget] = await q.query<Budget>(claimSql, [throttleKey(deviceId), at.toISOString()])
  if (!budget) throw new Error('pin-entry budget missing')
  const lockedFor =
    budget.locked_until === null ? 0 : Date.parse(budget.locked_until) - at.getTime()
  if (lockedFor > 0) throw tooManyWrongPins(Math.ceil(lockedFor / 1000))
  return budget
}

/** Counts a PIN that is nobody's; the one that fills the window locks the keypad. */
async function countWrongPin(q: Queryable, deviceId: number, budget: Budget, at: Date) {
  const began = Date.parse(budget.updated_at)
  const fresh = budget.attempts === 0 || at.getTime() - began >= PIN_ENTRY_WINDOW_SECONDS * 1000
  const attempts = fresh ? 1 : budget.attempts + 1
  const locked = attempts >= PIN_ENTRY_FAILURES
  await q.query(failedSql, [
    throttleKey(deviceId),
    locked ? 0 : attempts,
    locked || fresh ? at.toISOString() : budget.updated_at,
    locked ? new Date(at.getTime() + PIN_ENTRY_LOCK_SECONDS * 1000).toISOString() : null,
  ])
}

// ——— Whose PIN, and what names them at this place ———

interface Membership {
  group_id: number
  group_name: string
  valid_from: string | null
  valid_until: string | null
}

interface PersonRow {
  user_id: number | null
  email: string | null
  disabled: boolean | null
  /** The first of their direct credentials on the place that opens at the moment. */
  credential_id: number | null
  /** Else the first that does not, and whether the moment is inside its window (its days not). */
  closed_credential_id: number | null
  closed_in_window: boolean | null
  memberships: Membership[]
  rules: RuleRow[]
  schedules: ScheduleRow[]
  calendars: CalendarShape[]
}

// One statement (prepared: every PIN runs it). $1 organization, $2 the PIN's digest, $3 the keys
// of the places covering the device ('door:12'), $4 the moment, $5 the place's zone. The person's
// credentials are found by person (index credentials_user), the rules by the GIN indexes on their
// targets and groups; only the rules naming one of the person's groups and their schedules and
// calendars come back. A person whose organization changed since the PIN was made is nobody here.
const personSql: Prepared = {
  name: 'pin_entry_person',
  text: `with person as (
    select u.user_id, u.email, u.disabled
    from person_pins pp join users u on u.user_id = pp.user_id and u.organization_id = pp.organization_id
    where pp.organization_id = $1 and pp.pin_digest = $2),
  held as (
    select c.credential_id,
      opens_at(c.start_datetime, c.end_datetime, c.permanent, c.repetition, $4, $5) as opens,
      $4 >= c.start_datetime and (c.permanent or c.end_datetime is null or $4 < c.end_datetime)
        as in_window
    from credentials c join person p on c.user_id = p.user_id
    where c.assignment_type || ':' || c.assignment_id = any($3::text[])),
  memberships as (
    select m.group_id, g.name as group_name, m.valid_from, m.valid_until
    from group_members m join person p on m.user_id = p.user_id
      join access_groups g on g.group_id = m.group_id
    where m.organization_id = $1),
  rules as (
    select r.rule_id, r.name, r.group_ids, r.targets, r.schedule_id, r.valid_from, r.valid_until
    from access_rules r
    where r.organization_id = $1 and r.targets && $3::text[]
      and r.group_ids && array(select group_id from memberships)),
  used_schedules as (
    select s.schedule_id, s.name, s.intervals, s.calendar_ids from schedules s
    where s.schedule_id in (select schedule_id from rules)),
  used_calendars as (
    select k.calendar_id, k.name, k.exceptions from calendars k
    where k.calendar_id in (select unnest(calendar_ids) from used_schedules)),
  closed as (
    select credential_id, in_window from held where not opens
    order by in_window desc, credential_id limit 1)
  select p.user_id, p.email, p.disabled,
    (select min(credential_id) from held where opens) as credential_id,
    (select credential_id from closed) as closed_credential_id,
    (select in_window from closed) as closed_in_window,
    coalesce((select json_agg(m order by m.group_id) from memberships m), '[]') as memberships,
    coalesce((select json_agg(r order by r.rule_id) from rules r), '[]') as rules,
    coalesce((select json_agg(s) from used_schedules s), '[]') as schedules,
    coalesce((select json_agg(k) from used_calendars k), '[]') as calendars
  from (values (1)) as one (x) left join person p on true`,
}

// ——— The decision ———

type Denial = PinEntryReason & { denied_because: DenialReason }
type Decision = { granted: true; reason: PinEntryReason } | { granted: false; reason: Denial }

const rank = (reason: DenialReason) => denialReasons.indexOf(reason)

/**
 * A known, enabled person at a place with no lockdown: a direct credential that opens, else the
 * first rule (by id) through the first of their groups (by id) that opens, else the most telling
 * reason why not (`denialReasons`' order), with what it came closest through.
 */
function decide(row: PersonRow, keys: readonly PlaceKey[], at: Date, clock: WallClock): Decision {
  if (row.credential_id !== null)
    return { granted: true, reason: { credential_id: row.credential_id } }
  let closest: Denial =
    row.closed_credential_id === null
      ? { denied_because: 'not_member' }
      : {
          credential_id: row.closed_credential_id,
          denied_because: row.closed_in_window === true ? 'outside_schedule' : 'expired',
        }
  const model: AccessModel = {
    rules: row.rules,
    schedules: new Map(row.schedules.map((s) => [s.schedule_id, s])),
    calendars: new Map(row.calendars.map((c) => [c.calendar_id, c])),
  }
  const memberships = new Map(row.memberships.map((m) => [m.group_id, m]))
  for (const rule of rulesCovering(model, keys, new Set(memberships.keys()))) {
    for (const groupId of [...rule.group_ids].sort((a, b) => a - b)) {
      const member = memberships.get(groupId)
      if (!member) continue
      const via = {
        rule_id: rule.rule_id,
        rule_name: rule.name,
        group_id: groupId,
        group_name: member.group_name,
        schedule_id: rule.schedule_id,
      }
      const verdict = ruleVerdict(rule, model, member, at, clock)
      if (verdict.opens) {
        return {
          granted: true,
          reason: {
            ...via,
            ...(verdict.interval ? { interval: verdict.interval } : {}),
            ...(verdict.exception ? { exception: verdict.exception } : {}),
          },
        }
      }
      if (rank(verdict.because) < rank(closest.denied_because)) {
        closest = {
          ...via,
          denied_because: verdict.because,
          ...(verdict.exception ? { exception: verdict.exception } : {}),
        }
      }
    }
  }
  return { granted: false, reason: closest }
}

/** The audit row's parameters: the reason, the person, what decided; never the PIN. */
function auditDetail(
  decision: Decision,
  person: { user_id: number; email: string } | null,
  at: Date,
  lockdownId: number | null,
): AuditDetail {
  const { reason } = decision
  const params: DetailParams = {
    reason: decision.granted
      ? reason.credential_id !== undefined
        ? 'credential'
        : 'rule'
      : decision.reason.denied_because,
    at: at.toISOString(),
  }
  if (person) Object.assign(params, { user_id: person.user_id, email: person.email })
  for (const key of ['rule_id', 'rule_name', 'group_id', 'group_name', 'exception'] as const) {
    const value = reason[key]
    if (value !== undefined) params[key] = value
  }
  if (reason.credential_id !== undefined) params.credential_id = reason.credential_id
  if (lockdownId !== null) params.lockdown_id = lockdownId
  return { code: decision.granted ? 'access_granted' : 'access_denied', params }
}

/**
 * Decides a PIN typed at `device` at `at` and writes its audit row, in the caller's transaction.
 * Throws 429 while the keypad is locked out, 404 when the device is gone.
 */
export async function pinEntry(
  q: Queryable,
  pinKey: Uint8Array,
  request: PinEntryRequest,
): Promise<PinEntryAnswer> {
  const { device, at } = request
  // Planning the person's statement took 6–38 ms on a busy PGlite, running it 1–2 ms: it is
  // planned once per connection (one generic plan), as "who can open" is (server/db/access-at.ts).
  await q.query('set local plan_cache_mode = force_generic_plan')
  const budget = await claimBudget(q, device.device_id, at)
  const places = await placesOfDevice(q, device.device_id)
  if (!places) throw notFound('Device')
  const [row] = await q.query<PersonRow>(personSql, [
    places.organizationId,
    pinDigest(pinKey, places.organizationId, request.pin),
    places.keys,
    at.toISOString(),
    places.zone,
  ])
  // Nobody's own PIN: perhaps an offline code the lock's algorithm made (decision 073).
  const code =
    row?.user_id != null ? null : await typedCode(q, pinKey, device.device_id, request.pin, at)
  const holder = code ?? row
  const person =
    holder?.user_id != null ? { user_id: holder.user_id, email: holder.email ?? '' } : null
  let decision: Decision
  let lockdownId: number | null = null
  if (code) {
    // The lock decides a code itself, by its window: a withdrawal or a new key ends it.
    const lockdown = await lockdownAt(q, { type: 'device', id: device.device_id }, null)
    lockdownId = lockdown?.lockdown_id ?? null
    decision =
      lockdown !== undefined
        ? { granted: false, reason: { denied_because: 'lockdown' } }
        : code.in_window
          ? { granted: true, reason: { credential_id: code.credential_id } }
          : {
              granted: false,
              reason: { credential_id: code.credential_id, denied_because: 'expired' },
            }
  } else if (!row || !person) {
    decision = { granted: false, reason: { denied_because: 'unknown_pin' } }
    await countWrongPin(q, device.device_id, budget, at)
  } else {
    // A lockdown is today's state of the door: started and released at the real time, so it is
    // read as "not released", not compared with a moved clock.
    const lockdown = await lockdownAt(q, { type: 'device', id: device.device_id }, null)
    lockdownId = lockdown?.lockdown_id ?? null
    decision =
      lockdown !== undefined
        ? { granted: false, reason: { denied_because: 'lockdown' } }
        : row.disabled === true
          ? { granted: false, reason: { denied_because: 'disabled_user' } }
          : decide(row, places.keys, at, wallClock(at, places.zone))
  }
  const auditId = await writeAudit(q, {
    device,
    command: 'pin_entry',
    result: decision.granted ? 'success' : 'failure',
    detail: auditDetail(decision, person, at, lockdownId),
    actor: request.tryer ?? (person ? { userId: person.user_id, email: person.email } : NOBODY),
    requestId: request.requestId,
  })
  if (!decision.granted) await countDenial(q, device.device_id, at)
  return {
    granted: decision.granted,
    ...(person ? { user_id: person.user_id } : {}),
    reason: decision.reason,
    at: at.toISOString(),
    time_zone: places.zone,
    audit_id: auditId,
  }
}
