import {
  canGrant,
  inScope,
  needs,
  userChangeRefusal,
  type Scope,
  type UserChange,
} from '../../src/contract/permissions'
import { UserInput, UserUpdate, type User } from '../../src/contract/users'
import type { Context } from 'hono'
import type { App, AppEnv, Principal, Services } from '../context'
import type { Queryable } from '../db/database'
import { changeRow, writeJournal } from '../db/journal'
import { badField, conflict, forbidden, HttpError, notFound, taken } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { requireScope } from '../http/scope'
import { idParam, jsonBody, parse } from '../http/validate'
import { credentialName, credentialsOfUser } from './credentials'
import { findUser } from './users'

/**
 * Nobody grants what they do not hold: every permission of the assigned roles and direct grants
 * must be among the caller's own. So an org admin can make staff and auditors but not admins.
 */
async function checkGrants(q: Queryable, p: Principal, roles: string[], permissions: string[]) {
  const rows = await q.query<{ role: string; permissions: string[] }>(
    'select role, permissions from roles where role = any($1)',
    [roles],
  )
  const unknown = roles.find((r) => !rows.some((row) => row.role === r))
  if (unknown) throw badField('roles', `Unknown role: ${unknown}.`, 'role_invalid')
  if (new Set(roles).size !== roles.length) throw badField('roles', 'Each role once.', 'duplicate')
  const granted = [...rows.flatMap((r) => r.permissions), ...permissions]
  if (!canGrant(p.permissions, granted)) {
    throw new HttpError(
      403,
      'forbidden',
      'You cannot grant permissions you do not hold.',
      'roles',
      {},
      { rule: 'cannot_grant', params: {} },
    )
  }
}

/**
 * Editing, deleting, disabling and inviting a user follow one rule (contract/permissions.ts
 * userChangeRefusal): another organization's user answers 404 to an org-scoped caller, a user with
 * permissions the caller does not cover answers 403 (no demoting, deleting or inviting an admin),
 * and one's own account cannot be disabled or deleted (409).
 */
export function ensureManageable(
  p: Principal,
  target: User | undefined,
  change: UserChange = 'edit',
): User {
  // A missing user is judged like an empty one of the caller's organization: 403 without the
  // permission, else 404.
  const refusal = userChangeRefusal(
    p,
    {
      userId: target?.user_id ?? 0,
      organizationId: target?.organization_id ?? p.organizationId,
      permissions: target?.effective_permissions ?? [],
    },
    change,
  )
  if (refusal === 'no_permission') throw forbidden(needs('users', 'update'))
  if (refusal === 'out_of_scope' || !target) throw notFound('User')
  if (refusal === 'exceeds') {
    throw new HttpError(
      403,
      'forbidden',
      'This user has permissions you do not hold.',
      undefined,
      {},
      {
        rule: 'not_manageable',
        params: {},
      },
    )
  }
  if (refusal === 'own_account') {
    const field = change === 'disable' ? 'disabled' : undefined
    throw conflict(`You cannot ${change} your own account.`, field, 'own_account', { change })
  }
  return target
}

async function checkOrganization(q: Queryable, organizationId: number, clientIds: string[]) {
  const [org] = await q.query<{ client_ids: string[] }>(
    `select array(select client_id from organization_clients c
                  where c.organization_id = o.organization_id) as client_ids
     from organizations o where o.organization_id = $1`,
    [organizationId],
  )
  if (!org) throw notFound('Organization')
  const stray = clientIds.find((id) => !org.client_ids.includes(id))
  if (stray) throw badField('client_ids', `Client ${stray} does not belong to the organization.`)
}

/**
 * Usernames and e-mails are one sign-in namespace (migration 003): neither may equal any other
 * account's username or e-mail, after trimming and case folding. The database enforces it; this
 * names the field. The answer does not say which organization holds the name (docs/security.md).
 */
async function checkUnique(q: Queryable, input: UserInput, exceptId: number) {
  const [clash] = await q.query<{ username: boolean }>(
    `select name = lower(btrim($1)) as username from sign_in_names
     where name in (lower(btrim($1)), lower(btrim($2))) and user_id <> $3
     order by 1 desc limit 1`,
    [input.username, input.email, exceptId],
  )
  if (!clash) return
  const field = clash.username ? 'username' : 'email'
  throw taken(field, field, `This ${field} is already taken.`)
}

export function toInput(user: User): UserInput {
  return {
    username: user.username,
    email: user.email,
    title: user.title,
    first_name: user.first_name,
    last_name: user.last_name,
    phone_number: user.phone_number,
    notes: user.notes,
    roles: user.roles,
    permissions: user.permissions,
    organization_id: user.organization_id,
    client_ids: user.client_ids,
    disabled: user.disabled,
  }
}

const userValues = (input: UserInput, organizationId: number) => [
  organizationId,
  input.username.trim(),
  input.email.trim(),
  input.title ?? null,
  input.first_name ?? '',
  input.last_name ?? '',
  input.phone_number ?? null,
  input.notes ?? '',
  input.roles,
  input.permissions,
  input.client_ids ?? [],
  input.disabled ?? false,
]

/** A user is named by their e-mail in the journal: the sign-in name everyone knows them by. */
const byEmail = (user: User) => user.email

/**
 * Creates a user in the caller's transaction: organization scope, "cannot grant what you do not
 * hold", the organization's clients, unique sign-in names, and the journal row. The form's POST
 * and the CSV import (user-import.ts) both come here.
 */
export async function insertUser(
  q: Queryable,
  c: Context<AppEnv>,
  scope: Scope,
  input: UserInput,
): Promise<number> {
  const p = c.get('principal')
  const organizationId = input.organization_id
  if (!inScope(scope, p.organizationId, organizationId)) throw notFound('Organization')
  await checkGrants(q, p, input.roles, input.permissions)
  await checkOrganization(q, organizationId, input.client_ids ?? [])
  await checkUnique(q, input, 0)
  const [row] = await q.query<{ user_id: number }>(
    `insert into users (organization_id, username, email, title, first_name, last_name,
       phone_number, notes, roles, permissions, client_ids, disabled)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning user_id`,
    userValues(input, organizationId),
  )
  const userId = row?.user_id ?? 0
  await writeJournal(
    q,
    journalSource(c),
    changeRow('user', userId, null, (await findUser(q, userId)) ?? null, byEmail),
  )
  return userId
}

/** `user` (already judged manageable) with `patch` applied, by the same rules as a create. */
export async function updateUser(
  q: Queryable,
  c: Context<AppEnv>,
  scope: Scope,
  user: User,
  patch: UserUpdate,
): Promise<void> {
  const p = c.get('principal')
  const id = user.user_id
  const input = parse({ ...toInput(user), ...patch }, UserInput)
  const organizationId = input.organization_id
  if (!inScope(scope, p.organizationId, organizationId)) throw notFound('Organization')
  await checkGrants(q, p, input.roles, input.permissions)
  await checkOrganization(q, organizationId, input.client_ids ?? [])
  await checkUnique(q, input, id)
  await q.query(
    `update users set organization_id = $1, username = $2, email = $3, title = $4,
       first_name = $5, last_name = $6, phone_number = $7, notes = $8, roles = $9,
       permissions = $10, client_ids = $11, disabled = $12, updated_at = now(),
       email_confirmed = email_confirmed and lower(email) = lower($3),
       phone_confirmed = phone_confirmed and phone_number is not distinct from $7
     where user_id = $13`,
    [...userValues(input, organizationId), id],
  )
  if (input.disabled) {
    await q.query('update refresh_tokens set revoked_at = now() where user_id = $1', [id])
  }
  await writeJournal(
    q,
    journalSource(c),
    changeRow('user', id, user, (await findUser(q, id)) ?? null, byEmail),
  )
}

export function registerUserWrites(app: App, s: Services) {
  app.post('/org/v1/users', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'users', 'create')
    const input = await jsonBody(c, UserInput)
    const id = await s.db.tx((q) => insertUser(q, c, scope, input))
    return c.json(await findUser(s.db, id), 201)
  })

  app.put('/org/v1/users/:id', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'users', 'update')
    const id = idParam(c)
    const patch = await jsonBody(c, UserUpdate)
    await s.db.tx(async (q) => {
      const user = ensureManageable(p, await findUser(q, id), patch.disabled ? 'disable' : 'edit')
      await updateUser(q, c, scope, user, patch)
    })
    // After the commit and before the answer: a permission removed or an account disabled applies
    // to this server's next request (decision 055).
    s.principals.forget(id)
    return c.json(await findUser(s.db, id))
  })

  app.delete('/org/v1/users/:id', async (c) => {
    const p = c.get('principal')
    requireScope(p, 'users', 'delete')
    const id = idParam(c)
    await s.db.tx(async (q) => {
      const user = ensureManageable(p, await findUser(q, id), 'delete')
      // The credentials go with the user: each gets its own delete row, so the journal can still
      // say who could open a door before the user was deleted (server/db/access-at.ts).
      const credentials = await credentialsOfUser(q, id)
      // The row count decides: a concurrent DELETE that got there first leaves nothing here (404).
      const [gone] = await q.query('delete from users where user_id = $1 returning user_id', [id])
      if (!gone) throw notFound('User')
      const source = journalSource(c)
      for (const credential of credentials) {
        const row = changeRow(
          'credential',
          credential.credential_id,
          credential,
          null,
          credentialName,
        )
        await writeJournal(q, source, row)
      }
      await writeJournal(q, source, changeRow('user', id, user, null, byEmail))
    })
    s.principals.forget(id)
    return c.body(null, 204)
  })
}
