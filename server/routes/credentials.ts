import {
  CredentialInput,
  CredentialListQuery,
  CredentialUpdate,
  credentialSortKeys,
  type Credential,
} from '../../src/contract/credentials'
import { inScope, type Scope } from '../../src/contract/permissions'
import type { Context } from 'hono'
import type { App, AppEnv, Principal, Services } from '../context'
import type { Queryable } from '../db/database'
import { changeRow, writeJournal } from '../db/journal'
import { lockRow } from '../db/locks'
import { badField, notFound, requiredField } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { listPage, type ListSpec } from '../http/list'
import { ensureInScope, orgLimit, requireScope } from '../http/scope'
import { idParam, jsonBody, parse, query } from '../http/validate'
import { lockedAssignment } from './device-rows'
import { credentialLocks } from '../db/lock-holdings'
import { resyncCredentials } from '../access/lock-sync'

/** What a credential opens, by name: its device, door or location. */
const assignmentName = `coalesce(case c.assignment_type
    when 'device' then (select name from devices where device_id = c.assignment_id)
    when 'door' then (select name from doors where door_id = c.assignment_id)
    else (select name from locations where location_id = c.assignment_id) end, '')`

const select = `c.credential_id, c.organization_id, c.user_id, u.email as user_email,
  c.assignment_id, c.assignment_type,
  ${assignmentName} as assignment_name,
  case c.assignment_type
    when 'device' then (select location_id from devices where device_id = c.assignment_id)
    when 'door' then (select location_id from doors where door_id = c.assignment_id)
    else c.assignment_id end as assignment_location_id,
  c.start_datetime, c.end_datetime, c.exclusive, c.permanent, c.repetition,
  json_build_object('command_output', json_build_object('pin', c.pin)) as meta_data,
  c.created_at, c.updated_at`
const from = 'credentials c join users u on u.user_id = c.user_id'

/** A credential has no name of its own: the journal names it by whom it admits where. */
export const credentialName = (credential: Credential) =>
  `${credential.user_email} → ${credential.assignment_name}`

export async function findCredential(q: Queryable, id: number) {
  const [row] = await q.query<Credential>(
    `select ${select} from ${from} where c.credential_id = $1`,
    [id],
  )
  return row
}

/** A user's credentials, oldest first: deleting the user takes them along (on delete cascade). */
export async function credentialsOfUser(q: Queryable, userId: number) {
  return q.query<Credential>(
    `select ${select} from ${from} where c.user_id = $1 order by c.credential_id`,
    [userId],
  )
}

/**
 * The target's organization, its row locked until commit: deleting the target waits for us, and
 * credentials for one target are written one after another, so concurrent overlapping windows meet
 * the exclusion constraint as a queue instead of deadlocking inside it.
 */
async function lockedTarget(q: Queryable, type: CredentialInput['assignment_type'], id: number) {
  if (type === 'door') {
    const door = await lockedAssignment(q, 'door', id)
    return door && (await lockRow(q, 'doors', id, 'update')) ? door : undefined
  }
  const table = type === 'device' ? 'devices' : 'locations'
  if (!(await lockRow(q, table, id, 'update'))) return undefined
  const [row] = await q.query<{ organization_id: number }>(
    `select organization_id from ${table} where ${type}_id = $1`,
    [id],
  )
  return row
}

/**
 * Answers the organization the credential belongs to: its user's, which the target must share. An
 * exclusive window that overlaps another credential is refused by the exclusion constraints
 * credentials_exclusive_window and credentials_exclusive_shared (409).
 */
async function check(q: Queryable, scope: Scope, p: Principal, input: CredentialInput) {
  const [user] = await q.query<{ organization_id: number }>(
    'select organization_id from users where user_id = $1',
    [input.user_id],
  )
  if (!user) throw requiredField('user_id', 'user')
  // Another organization's user is a foreign object like any other: not found, not "required".
  if (!inScope(scope, p.organizationId, user.organization_id)) throw notFound('User')
  const target = await lockedTarget(q, input.assignment_type, input.assignment_id)
  if (!target || !inScope(scope, p.organizationId, target.organization_id))
    throw notFound('Assignment')
  if (target.organization_id !== user.organization_id) {
    throw badField(
      'assignment_id',
      'The user and the assignment belong to different organizations.',
    )
  }
  return user.organization_id
}

const values = (input: CredentialInput) => [
  input.user_id,
  input.assignment_type,
  input.assignment_id,
  input.start_datetime,
  input.permanent ? null : (input.end_datetime ?? null),
  input.exclusive ?? false,
  input.permanent ?? false,
  input.repetition ? JSON.stringify(input.repetition) : null,
]

/**
 * Creates a credential in the caller's transaction, by the form's rules (check: the user's and
 * the target's organization and scope; the exclusion constraints), with its journal row. The
 * form's POST and the CSV import (credential-import.ts) both come here.
 */
export async function createCredential(
  q: Queryable,
  c: Context<AppEnv>,
  scope: Scope,
  input: CredentialInput,
  at: Date,
): Promise<number> {
  const organizationId = await check(q, scope, c.get('principal'), input)
  const [row] = await q.query<{ credential_id: number }>(
    `insert into credentials (user_id, assignment_type, assignment_id, start_datetime,
       end_datetime, exclusive, permanent, repetition, organization_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning credential_id`,
    [...values(input), organizationId],
  )
  const credentialId = row?.credential_id ?? 0
  await resyncCredentials(q, [credentialId], at)
  const created = (await findCredential(q, credentialId)) ?? null
  await writeJournal(
    q,
    journalSource(c),
    changeRow('credential', credentialId, null, created, credentialName),
  )
  return credentialId
}

/**
 * `current` (locked and in scope) changed to `input` in the caller's transaction, by the same
 * rules as a create, with its journal row. A new target or user invalidates an offline PIN made
 * for the old one.
 */
export async function updateCredential(
  q: Queryable,
  c: Context<AppEnv>,
  scope: Scope,
  current: Credential,
  input: CredentialInput,
  at: Date,
): Promise<Credential | undefined> {
  const id = current.credential_id
  const organizationId = await check(q, scope, c.get('principal'), input)
  await q.query(
    `update credentials set user_id = $1, assignment_type = $2, assignment_id = $3,
       start_datetime = $4, end_datetime = $5, exclusive = $6, permanent = $7, repetition = $8,
       organization_id = $9, updated_at = now(),
       pin = case when user_id = $1 and assignment_type = $2 and assignment_id = $3 then pin end
     where credential_id = $10`,
    [...values(input), organizationId, id],
  )
  // The locks take the new window or place, and let go of what no longer holds (decision 073).
  await resyncCredentials(q, [id], at)
  const after = await findCredential(q, id)
  await writeJournal(
    q,
    journalSource(c),
    changeRow('credential', id, current, after ?? null, credentialName),
  )
  return after
}

/**
 * The credential equal to `input` (same user, target and window), if there is one: what makes a
 * second import of the same file change nothing.
 */
export async function sameCredential(q: Queryable, input: CredentialInput) {
  const [row] = await q.query<{ credential_id: number }>(
    `select credential_id from credentials
     where user_id = $1 and assignment_type = $2 and assignment_id = $3
       and start_datetime = $4::timestamptz and end_datetime is not distinct from $5::timestamptz
       and exclusive = $6 and permanent = $7 and repetition is not distinct from $8::jsonb
     order by credential_id limit 1`,
    values(input),
  )
  return row?.credential_id
}

export function toInput(c: Credential): CredentialInput {
  const { user_id, assignment_type, assignment_id, start_datetime, end_datetime } = c
  const { exclusive, permanent, repetition } = c
  return {
    user_id,
    assignment_type,
    assignment_id,
    start_datetime,
    end_datetime,
    exclusive,
    permanent,
    repetition,
  }
}

const sortColumns: Record<(typeof credentialSortKeys)[number], string> = {
  credential_id: 'c.credential_id',
  user_id: 'c.user_id',
  start_datetime: 'c.start_datetime',
  end_datetime: 'c.end_datetime',
  created_at: 'c.created_at',
}

/** The credentials list of every organization (limit null) or one. */
export const credentialListSpec = (
  limit: number | null,
  filter: Pick<CredentialListQuery, 'sync'> = {},
): ListSpec<(typeof credentialSortKeys)[number]> => ({
  select,
  from,
  where: [
    ...(limit === null ? [] : ['c.organization_id = $1']),
    // Not on every lock yet: a lock still to take it on, or off (decision 073).
    ...(filter.sync === 'unsettled'
      ? [
          `exists (select 1 from lock_holdings h where h.credential_id = c.credential_id
             and h.state not in ('on_lock', 'removed'))`,
        ]
      : []),
  ],
  params: limit === null ? [] : [limit],
  // By its user, by what it opens and by its number (the palette's "$smart", "$12").
  searchColumns: [
    'u.email',
    'u.first_name',
    'u.last_name',
    assignmentName,
    'c.credential_id::text',
  ],
  sortColumns,
  tiebreak: 'c.credential_id',
})

export function registerCredentials(app: App, s: Services) {
  app.get('/access/v1/credentials', async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'credentials', 'read'), p)
    const listQuery = query(c, CredentialListQuery)
    return c.json(await listPage(s.db, credentialListSpec(limit, listQuery), listQuery))
  })

  app.get('/access/v1/credentials/:id', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'credentials', 'read')
    const credential = ensureInScope(scope, p, await findCredential(s.db, idParam(c)), 'Credential')
    // With its state on each lock that must hold it and its codes still honoured (decision 073).
    const locks = await credentialLocks(s.db, credential.credential_id, s.clock.now())
    return c.json({ ...credential, ...locks })
  })

  app.post('/access/v1/credentials', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'credentials', 'create')
    const input = await jsonBody(c, CredentialInput)
    const id = await s.db.tx((q) => createCredential(q, c, scope, input, s.clock.now()))
    s.lockSyncJob.wake()
    return c.json(await findCredential(s.db, id), 201)
  })

  app.put('/access/v1/credentials/:id', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'credentials', 'update')
    const id = idParam(c)
    const patch = await jsonBody(c, CredentialUpdate)
    // Answered from inside the transaction, so a DELETE committing right after cannot empty it.
    const updated = await s.db.tx(async (q) => {
      await lockRow(q, 'credentials', id, 'update')
      const current = ensureInScope(scope, p, await findCredential(q, id), 'Credential')
      return updateCredential(
        q,
        c,
        scope,
        current,
        parse({ ...toInput(current), ...patch }, CredentialInput),
        s.clock.now(),
      )
    })
    s.lockSyncJob.wake()
    return c.json(updated)
  })

  app.delete('/access/v1/credentials/:id', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'credentials', 'delete')
    const id = idParam(c)
    await s.db.tx(async (q) => {
      // Locked first, so a second DELETE waits and then finds it gone (404).
      await lockRow(q, 'credentials', id, 'update')
      const credential = ensureInScope(scope, p, await findCredential(q, id), 'Credential')
      await q.query('delete from credentials where credential_id = $1', [id])
      // Every lock that holds it lets go; its offline codes are withdrawn where reached.
      await resyncCredentials(q, [id], s.clock.now())
      await writeJournal(
        q,
        journalSource(c),
        changeRow('credential', id, credential, null, credentialName),
      )
    })
    s.lockSyncJob.wake()
    return c.body(null, 204)
  })
}
