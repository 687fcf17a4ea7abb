import { DateTime } from 'luxon'
import type { Credential } from '../../src/contract/credentials'
import {
  OFFBOARD_UNDO_MINUTES,
  type OffboardReport,
  type RemainingCode,
  type UnreachedLock,
} from '../../src/contract/offboarding'
import { inScope, needs, scopeOf } from '../../src/contract/permissions'
import type { User } from '../../src/contract/users'
import type { Principal } from '../context'
import type { Prepared, Queryable } from '../db/database'
import { resyncCredentials } from './lock-sync'
import { changeRow, writeJournal, writeJournalRows, type JournalSource } from '../db/journal'
import { lockRow } from '../db/locks'
import { addMembers, lockGroups, removeMembers, type MemberWrite } from '../db/memberships'
import { conflict, forbidden, notFound } from '../http/errors'
import { credentialName, credentialsOfUser } from '../routes/credentials'
import { ensureManageable, toInput, updateUsers } from '../routes/user-writes'
import { findUser } from '../routes/users'

// The leaver (issue 66, decision 074). An offboarding, in the caller's one transaction: the account
// disabled and its sessions ended, its memberships and credentials ended (an end of now, kept for
// the past; what has not begun yet is removed), each with its own journal row, and an `offboard`
// row, all under the request's id; every lock's removal queued (resyncCredentials, decision 073).
// What it ended is kept in `offboardings`, so an undo within ten minutes writes it back and queues
// it to the locks again. Sessions stay ended; a rotated key stays rotated.

/** A credential as stored, PIN included: what an undo writes back. */
interface StoredCredential {
  credential_id: number
  organization_id: number
  user_id: number
  assignment_type: string
  assignment_id: number
  start_datetime: string
  end_datetime: string | null
  exclusive: boolean
  permanent: boolean
  repetition: unknown
  pin: string | null
  created_at: string
  updated_at: string
}

/** A membership as it was, by group and window. */
type StoredMembership = MemberWrite

interface OffboardingRow {
  offboarding_id: number
  user_id: number
  at: Date
  undo_until: Date
  undone_at: Date | null
  was_disabled: boolean
  sessions_ended: number
  credentials: StoredCredential[]
  memberships: StoredMembership[]
}

const liveCredentials: Prepared = {
  name: 'offboard_live_credentials',
  text: `select * from credentials
     where user_id = $1 and (end_datetime is null or end_datetime > $2)
     order by credential_id for update`,
}

// Begun: ends now. Not begun yet: there is no past to keep, so it goes.
const endCredentials: Prepared = {
  name: 'offboard_end_credentials',
  text: `update credentials set end_datetime = $2, permanent = false, updated_at = now()
     where credential_id = any($1::int[]) and start_datetime < $2`,
}
const dropCredentials: Prepared = {
  name: 'offboard_drop_credentials',
  text: 'delete from credentials where credential_id = any($1::int[]) and start_datetime >= $2',
}

const liveMemberships: Prepared = {
  name: 'offboard_live_memberships',
  text: `select group_id, user_id, valid_from, valid_until from group_members
     where user_id = $1 and (valid_until is null or valid_until > $2) order by group_id`,
}

const liveSessions: Prepared = {
  name: 'offboard_live_sessions',
  text: `select count(distinct family_id)::int as n from refresh_tokens
     where user_id = $1 and revoked_at is null and family_expires_at > $2`,
}

const insertOffboarding: Prepared = {
  name: 'offboard_insert',
  text: `insert into offboardings (user_id, organization_id, at, undo_until, actor_id, request_id,
       was_disabled, sessions_ended, credentials, memberships)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning offboarding_id`,
}

const latestOffboarding: Prepared = {
  name: 'offboard_latest',
  text: `select offboarding_id, user_id, at, undo_until, undone_at, was_disabled, sessions_ended,
       credentials, memberships
     from offboardings where user_id = $1 order by offboarding_id desc limit 1`,
}
const latestOffboardingLocked: Prepared = {
  name: 'offboard_latest_locked',
  text: `${latestOffboarding.text} for update`,
}

// Written back as they were: those still there updated, those removed inserted with their ids.
const restoreCredentials: Prepared = {
  name: 'offboard_restore_credentials',
  text: `with x as (select * from jsonb_populate_recordset(null::credentials, $1::jsonb)),
     up as (
       update credentials c set start_datetime = x.start_datetime, end_datetime = x.end_datetime,
         permanent = x.permanent, pin = x.pin, updated_at = now()
       from x where c.credential_id = x.credential_id and c.user_id = x.user_id
       returning c.credential_id
     )
     insert into credentials
     select x.* from x
     where not exists (select 1 from credentials c where c.credential_id = x.credential_id)
     returning credential_id`,
}

const markUndone: Prepared = {
  name: 'offboard_mark_undone',
  text: 'update offboardings set undone_at = $2 where offboarding_id = $1',
}

/**
 * The offline codes of `credentials` a lock still honours at `now` (decision 073): its current key,
 * not withdrawn on the lock, not ended. Made by the lock's algorithm, a code works at a lock that
 * is not connected until its end, unless the lock's offline key is rotated.
 */
const remainingCodes: Prepared = {
  name: 'offboard_remaining_codes',
  text: `select o.credential_id, o.device_id, d.name as device_name, o.valid_until as ends_at,
       coalesce(l.time_zone, g.time_zone) as time_zone
     from offline_codes o join devices d on d.device_id = o.device_id
       join locations l on l.location_id = d.location_id
       join organizations g on g.organization_id = d.organization_id
     where o.credential_id = any($1::int[]) and o.key_version = d.offline_key_version
       and o.withdrawn is distinct from 'on_lock' and o.valid_until > $2
     order by o.valid_until, o.code_id`,
}

/**
 * The locks still to let go of `credentials` that will not soon: not connected, or refusing the
 * change (decision 073's states). A connected lock takes its removal within moments.
 */
const unreachedLocks: Prepared = {
  name: 'offboard_unreached_locks',
  text: `select distinct d.device_id, d.name as device_name
     from lock_holdings h join devices d on d.device_id = h.device_id
     where h.credential_id = any($1::int[]) and not h.wanted and h.state <> 'removed'
       and (not d.connected or h.state = 'failed')
     order by d.name, d.device_id`,
}

/**
 * An undo takes back the withdrawals of the credentials' own codes that have not reached their
 * lock yet: the lock never learnt of them, so the code works again. One already on the lock, or
 * of a rotated key, stays gone, and the credential no longer names it.
 */
const keepCodes: Prepared = {
  name: 'offboard_keep_codes',
  text: `with x as (
       select o.code_id from offline_codes o
         join credentials c on c.credential_id = o.credential_id and c.pin = o.digits
         join devices d on d.device_id = o.device_id and d.offline_key_version = o.key_version
       where o.credential_id = any($1::int[]) and o.withdrawn = 'queued'
     ), cancelled as (
       delete from lock_changes l using x
       where l.kind = 'withdraw_code' and l.code_id = x.code_id and l.state = 'queued'
       returning l.code_id
     )
     update offline_codes o set withdrawn = null from cancelled where o.code_id = cancelled.code_id`,
}
const dropLostCodes: Prepared = {
  name: 'offboard_drop_lost_codes',
  text: `update credentials c set pin = null
     where c.credential_id = any($1::int[]) and c.pin is not null and not exists (
       select 1 from offline_codes o join devices d on d.device_id = o.device_id
       where o.credential_id = c.credential_id and o.digits = c.pin
         and o.key_version = d.offline_key_version and o.withdrawn is null)`,
}

/** Offboarding or its undo touches every credential of the person: it needs credentials:update. */
function ensureCredentialScope(p: Principal, user: User, count: number) {
  if (count === 0) return
  const scope = scopeOf(p.permissions, 'credentials', 'update')
  if (!inScope(scope, p.organizationId, user.organization_id)) {
    throw forbidden(needs('credentials', 'update'))
  }
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString())

async function reportOf(
  q: Queryable,
  row: OffboardingRow,
  email: string,
  now: Date,
): Promise<OffboardReport> {
  const ids = row.credentials.map((c) => c.credential_id)
  const codes = await q.query<RemainingCode & { ends_at: Date | string }>(remainingCodes, [
    ids,
    now,
  ])
  const locks = await q.query<UnreachedLock>(unreachedLocks, [ids])
  const undoable = row.undone_at === null && now.getTime() <= new Date(row.undo_until).getTime()
  return {
    offboarding_id: row.offboarding_id,
    user_id: row.user_id,
    user_email: email,
    at: iso(row.at) ?? '',
    undo_until: iso(row.undo_until) ?? '',
    undone_at: iso(row.undone_at),
    credentials_ended: row.credentials.length,
    memberships_ended: row.memberships.length,
    sessions_ended: row.sessions_ended,
    offline_codes: codes.map((c) => ({ ...c, ends_at: iso(c.ends_at) ?? '' })),
    unreached_locks: locks,
    undoable,
  }
}

/** The user's latest offboarding with what remains, or 404 when they were never offboarded. */
export async function offboardingReport(
  q: Queryable,
  p: Principal,
  userId: number,
  now: Date,
): Promise<OffboardReport> {
  const user = ensureManageable(p, await findUser(q, userId), 'edit')
  const [row] = await q.query<OffboardingRow>(latestOffboarding, [userId])
  if (!row) throw notFound('Offboarding')
  return reportOf(q, row, user.email, now)
}

const credentialRows = (before: readonly Credential[], after: readonly Credential[]) => {
  const byId = new Map(after.map((c) => [c.credential_id, c]))
  return before.map((c) =>
    changeRow('credential', c.credential_id, c, byId.get(c.credential_id) ?? null, credentialName),
  )
}

/**
 * Offboards `userId` at `now` in the caller's transaction and answers the report. Refused for
 * one's own account and the last admin (409), like a disable.
 */
export async function offboard(
  q: Queryable,
  source: JournalSource,
  p: Principal,
  userId: number,
  now: Date,
): Promise<OffboardReport> {
  // Locked first: a membership or credential being added for the person waits, then sees them
  // disabled; a second offboarding of the same person waits for this one.
  await lockRow(q, 'users', userId, 'update')
  const user = ensureManageable(p, await findUser(q, userId), 'offboard')
  const credentials = await q.query<StoredCredential>(liveCredentials, [userId, now])
  ensureCredentialScope(p, user, credentials.length)
  const memberships = await q.query<StoredMembership>(liveMemberships, [userId, now])
  const [sessions] = await q.query<{ n: number }>(liveSessions, [userId, now])

  // The account first: its refusal (the last admin) comes before anything is written.
  if (!user.disabled) {
    await updateUsers(q, source, [{ before: user, input: { ...toInput(user), disabled: true } }])
  }

  const ids = credentials.map((c) => c.credential_id)
  const before = (await credentialsOfUser(q, userId)).filter((c) => ids.includes(c.credential_id))
  await q.query(endCredentials, [ids, now])
  await q.query(dropCredentials, [ids, now])
  // Every lock that holds them lets go; their offline codes are withdrawn where reached.
  await resyncCredentials(q, ids, now)
  const after = await credentialsOfUser(q, userId)
  await writeJournalRows(q, source, credentialRows(before, after))

  await lockGroups(
    q,
    memberships.map((m) => m.group_id),
  )
  const begun = (m: StoredMembership) => m.valid_from === null || new Date(m.valid_from) < now
  await addMembers(
    q,
    source,
    memberships.filter(begun).map((m) => ({ ...m, valid_until: now.toISOString() })),
  )
  await removeMembers(
    q,
    source,
    memberships.filter((m) => !begun(m)),
  )

  const undoUntil = DateTime.fromJSDate(now).plus({ minutes: OFFBOARD_UNDO_MINUTES }).toJSDate()
  const [row] = await q.query<{ offboarding_id: number }>(insertOffboarding, [
    userId,
    user.organization_id,
    now,
    undoUntil,
    source.actorId,
    source.requestId,
    user.disabled,
    sessions?.n ?? 0,
    JSON.stringify(credentials),
    JSON.stringify(memberships),
  ])
  await writeJournal(q, source, {
    organizationId: user.organization_id,
    action: 'offboard',
    targetType: 'user',
    targetId: userId,
    targetName: user.email,
    changes: {
      credentials: [null, credentials.length],
      memberships: [null, memberships.length],
    },
  })
  return reportOf(
    q,
    {
      offboarding_id: row?.offboarding_id ?? 0,
      user_id: userId,
      at: now,
      undo_until: undoUntil,
      undone_at: null,
      was_disabled: user.disabled,
      sessions_ended: sessions?.n ?? 0,
      credentials,
      memberships,
    },
    user.email,
    now,
  )
}

/**
 * Undoes the user's latest offboarding at `now` in the caller's transaction: the account as it
 * was, its memberships and credentials written back with the same PINs. Its sessions stay ended.
 * 409 `nothing_to_undo` when there is none or it was undone; 409 `undo_expired` after ten minutes.
 */
export async function undoOffboard(
  q: Queryable,
  source: JournalSource,
  p: Principal,
  userId: number,
  now: Date,
): Promise<OffboardReport> {
  await lockRow(q, 'users', userId, 'update')
  const user = ensureManageable(p, await findUser(q, userId), 'edit')
  const [row] = await q.query<OffboardingRow>(latestOffboardingLocked, [userId])
  if (!row || row.undone_at !== null) {
    throw conflict('There is no offboarding of this user to undo.', undefined, 'nothing_to_undo')
  }
  if (now.getTime() > new Date(row.undo_until).getTime()) {
    throw conflict(
      `An offboarding can be undone within ${OFFBOARD_UNDO_MINUTES} minutes only.`,
      undefined,
      'undo_expired',
      { minutes: OFFBOARD_UNDO_MINUTES, until: iso(row.undo_until) ?? '' },
    )
  }
  ensureCredentialScope(p, user, row.credentials.length)

  if (!row.was_disabled && user.disabled) {
    await updateUsers(q, source, [{ before: user, input: { ...toInput(user), disabled: false } }])
  }

  const ids = row.credentials.map((c) => c.credential_id)
  const before = (await credentialsOfUser(q, userId)).filter((c) => ids.includes(c.credential_id))
  await q.query(restoreCredentials, [JSON.stringify(row.credentials)])
  await q.query(keepCodes, [ids])
  await q.query(dropLostCodes, [ids])
  // Queued to the locks again, with the person's PIN as before.
  await resyncCredentials(q, ids, now)
  const after = (await credentialsOfUser(q, userId)).filter((c) => ids.includes(c.credential_id))
  const was = new Map(before.map((c) => [c.credential_id, c]))
  await writeJournalRows(
    q,
    source,
    after.map((c) =>
      changeRow('credential', c.credential_id, was.get(c.credential_id) ?? null, c, credentialName),
    ),
  )

  await lockGroups(
    q,
    row.memberships.map((m) => m.group_id),
  )
  await addMembers(q, source, row.memberships)

  await q.query(markUndone, [row.offboarding_id, now])
  await writeJournal(q, source, {
    organizationId: user.organization_id,
    action: 'offboard_undo',
    targetType: 'user',
    targetId: userId,
    targetName: user.email,
    changes: {
      credentials: [null, after.length],
      memberships: [null, row.memberships.length],
    },
  })
  return reportOf(q, { ...row, undone_at: now }, user.email, now)
}
