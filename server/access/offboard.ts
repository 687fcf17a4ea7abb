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
// row, all under the request's id. What it ended is kept in `offboardings`, so an undo within ten
// minutes writes it back with the same PINs. Sessions stay ended.

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
 * The offline codes among `credentials` still valid at `now`, each with the lock it was made on
 * and its end: from the newest `create_pin` journal row of the credential and its audit row.
 */
const remainingCodes: Prepared = {
  name: 'offboard_remaining_codes',
  text: `select j.target_id::int as credential_id, a.device_id, a.device_name,
       (a.detail_params->>'end')::timestamptz as ends_at
     from unnest($1::int[]) as x(credential_id)
     cross join lateral (
       select target_id, audit_id from journal
       where target_type = 'credential' and target_id = x.credential_id and action = 'create_pin'
       order by journal_id desc limit 1
     ) j
     join device_audits a on a.audit_id = j.audit_id
     where (a.detail_params->>'end')::timestamptz > $2
     order by ends_at, credential_id`,
}

/**
 * The locks and keypads at the places of `credentials` that are not connected: they have not been
 * told yet that the person's credentials ended.
 */
const unreachedLocks: Prepared = {
  name: 'offboard_unreached_locks',
  text: `select distinct d.device_id, d.name as device_name
     from jsonb_to_recordset($1::jsonb) as x(assignment_type text, assignment_id int)
     join devices d on d.device_type_id in ('lock', 'keypad') and not d.connected and (
       (x.assignment_type = 'device' and d.device_id = x.assignment_id)
       or (x.assignment_type = 'door' and d.assignment_type = 'door'
           and d.assignment_id = x.assignment_id)
       or (x.assignment_type = 'location' and d.location_id = x.assignment_id))
     order by d.name, d.device_id`,
}

/** Offboarding or its undo touches every credential of the person: it needs credentials:update. */
function ensureCredentialScope(p: Principal, user: User, count: number) {
  if (count === 0) return
  const scope = scopeOf(p.permissions, 'credentials', 'update')
  if (!inScope(scope, p.organizationId, user.organization_id)) {
    throw forbidden(needs('credentials', 'update'))
  }
}

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString()

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
  const places = row.credentials.map(({ assignment_type, assignment_id }) => ({
    assignment_type,
    assignment_id,
  }))
  const locks = await q.query<UnreachedLock>(unreachedLocks, [JSON.stringify(places)])
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
  const after = (await credentialsOfUser(q, userId)).filter((c) => ids.includes(c.credential_id))
  const was = new Map(before.map((c) => [c.credential_id, c]))
  await writeJournalRows(
    q,
    source,
    after.map((c) =>
      changeRow(
        'credential',
        c.credential_id,
        was.get(c.credential_id) ?? null,
        c,
        credentialName,
      ),
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
