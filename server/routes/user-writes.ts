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
import type { Prepared, Queryable } from '../db/database'
import { changeRow, writeJournalRows, type JournalRow, type JournalSource } from '../db/journal'
import { keepLastAdmin } from '../db/last-admin'
import { lockRow } from '../db/locks'
import { removeAllMembers } from '../db/memberships'
import { credentialsOfUsers, resyncCredentials } from '../access/lock-sync'
import { badField, conflict, forbidden, HttpError, notFound, taken } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { requireScope } from '../http/scope'
import { idParam, jsonBody, parse } from '../http/validate'
import { credentialName, credentialsOfUser } from './credentials'
import { findUser } from './users'
import { requireFreshCheck } from '../auth/step-up'

/** Whether a list in a patch differs from the stored one as a set. */
const changes = (stored: readonly string[], given: readonly string[] | undefined) =>
  given !== undefined &&
  [...new Set(given)].sort().join('\n') !== [...new Set(stored)].sort().join('\n')

/** What the rules of a user write read from the database: loaded once for one form or a whole file. */
export interface UserFacts {
  /** Each role's permissions. */
  roles: ReadonlyMap<string, readonly string[]>
  /** The client ids of each organization asked about; one missing here does not exist. */
  clients: ReadonlyMap<number, readonly string[]>
  /** A sign-in name as given → as the database compares it (`lower(btrim(…))`, migration 003). */
  keys: ReadonlyMap<string, string>
  /** Compared sign-in names → the user holding them: those asked about, and all of `holders`'. */
  holder: Map<string, number>
  /** The compared sign-in names each user asked about holds. */
  namesOf: ReadonlyMap<number, readonly string[]>
}

const factQueries = {
  roles: { name: 'user_facts_roles', text: 'select role, permissions from roles' },
  clients: {
    name: 'user_facts_clients',
    text: `select o.organization_id, array(select client_id from organization_clients c
                  where c.organization_id = o.organization_id) as client_ids
     from organizations o where o.organization_id = any($1::int[])`,
  },
  names: {
    name: 'user_facts_names',
    text: `select n.given, lower(btrim(n.given)) as name, s.user_id
     from unnest($1::text[]) as n(given) left join sign_in_names s on s.name = lower(btrim(n.given))`,
  },
  held: {
    name: 'user_facts_held',
    text: 'select user_id, name from sign_in_names where user_id = any($1::int[])',
  },
} satisfies Record<string, Prepared>

/**
 * The roles, the organizations' clients and who holds which sign-in name, for writes to the
 * organizations `organizationIds` that name `names`, of the users `holders` among others.
 */
export async function loadUserFacts(
  q: Queryable,
  organizationIds: readonly number[],
  names: readonly string[],
  holders: readonly number[] = [],
): Promise<UserFacts> {
  const roles = await q.query<{ role: string; permissions: string[] }>(factQueries.roles)
  const orgs = await q.query<{ organization_id: number; client_ids: string[] }>(
    factQueries.clients,
    [[...new Set(organizationIds)]],
  )
  const given = await q.query<{ given: string; name: string; user_id: number | null }>(
    factQueries.names,
    [[...new Set(names)]],
  )
  const held = await q.query<{ user_id: number; name: string }>(factQueries.held, [[...holders]])
  const holder = new Map<string, number>()
  const namesOf = new Map<number, string[]>()
  for (const row of given) if (row.user_id !== null) holder.set(row.name, row.user_id)
  for (const row of held) {
    holder.set(row.name, row.user_id)
    namesOf.set(row.user_id, [...(namesOf.get(row.user_id) ?? []), row.name])
  }
  return {
    roles: new Map(roles.map((r) => [r.role, r.permissions])),
    clients: new Map(orgs.map((o) => [o.organization_id, o.client_ids])),
    keys: new Map(given.map((row) => [row.given, row.name])),
    holder,
    namesOf,
  }
}

/**
 * Nobody grants what they do not hold: every permission of the assigned roles and direct grants
 * must be among the caller's own. So an org admin can make staff and auditors but not admins.
 */
function checkGrants(facts: UserFacts, p: Principal, roles: string[], permissions: string[]) {
  const unknown = roles.find((r) => !facts.roles.has(r))
  if (unknown) throw badField('roles', `Unknown role: ${unknown}.`, 'role_invalid')
  if (new Set(roles).size !== roles.length) throw badField('roles', 'Each role once.', 'duplicate')
  const granted = [...roles.flatMap((r) => facts.roles.get(r) ?? []), ...permissions]
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

function checkOrganization(facts: UserFacts, organizationId: number, clientIds: string[]) {
  const clients = facts.clients.get(organizationId)
  if (!clients) throw notFound('Organization')
  const stray = clientIds.find((id) => !clients.includes(id))
  if (stray) throw badField('client_ids', `Client ${stray} does not belong to the organization.`)
}

/**
 * Usernames and e-mails are one sign-in namespace (migration 003): neither may equal any other
 * account's username or e-mail, after trimming and case folding. The database enforces it; this
 * names the field. The answer does not say which organization holds the name (docs/security.md).
 */
function checkUnique(facts: UserFacts, input: UserInput, exceptId: number) {
  for (const field of ['username', 'email'] as const) {
    const holder = facts.holder.get(facts.keys.get(input[field]) ?? '')
    if (holder !== undefined && holder !== exceptId)
      throw taken(field, field, `This ${field} is already taken.`)
  }
}

/**
 * Every rule a create (`exceptId` 0) or an update of user `exceptId` to `input` meets before it
 * is written: organization scope, "cannot grant what you do not hold", the organization's
 * clients and unique sign-in names, in that order. The form and the CSV import both judge here.
 */
export function checkUserInput(
  facts: UserFacts,
  p: Principal,
  scope: Scope,
  input: UserInput,
  exceptId: number,
) {
  if (!inScope(scope, p.organizationId, input.organization_id)) throw notFound('Organization')
  checkGrants(facts, p, input.roles, input.permissions)
  checkOrganization(facts, input.organization_id, input.client_ids ?? [])
  checkUnique(facts, input, exceptId)
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

/** A user's stored fields, as the batch statements below read them. */
const userRecord = (input: UserInput) => ({
  organization_id: input.organization_id,
  username: input.username.trim(),
  email: input.email.trim(),
  title: input.title ?? null,
  first_name: input.first_name ?? '',
  last_name: input.last_name ?? '',
  phone_number: input.phone_number ?? null,
  notes: input.notes ?? '',
  roles: input.roles,
  permissions: input.permissions,
  client_ids: input.client_ids ?? [],
  disabled: input.disabled ?? false,
})
type Stored = ReturnType<typeof userRecord> & { user_id: number }

const recordColumns = `organization_id int, username text, email text, title text, first_name text,
  last_name text, phone_number text, notes text, roles text[], permissions text[], client_ids text[],
  disabled boolean`
const storedColumns = `user_id, organization_id, username, email, title, first_name, last_name,
  phone_number, notes, roles, permissions, client_ids, disabled, email_confirmed, phone_confirmed`

// Prepared, and one statement for one user or a file's batch: a create and an update each have
// one text.
const usersInsert: Prepared = {
  name: 'users_insert',
  text: `insert into users (organization_id, username, email, title, first_name, last_name,
       phone_number, notes, roles, permissions, client_ids, disabled)
     select organization_id, username, email, title, first_name, last_name, phone_number, notes,
       roles, permissions, client_ids, disabled
     from jsonb_to_recordset($1::jsonb) as x(${recordColumns})
     returning ${storedColumns}`,
}
const usersUpdate: Prepared = {
  name: 'users_update',
  text: `update users u set organization_id = x.organization_id, username = x.username,
       email = x.email, title = x.title, first_name = x.first_name, last_name = x.last_name,
       phone_number = x.phone_number, notes = x.notes, roles = x.roles,
       permissions = x.permissions, client_ids = x.client_ids, disabled = x.disabled,
       updated_at = now(),
       email_confirmed = coalesce(x.email_confirmed,
         u.email_confirmed and lower(u.email) = lower(x.email)),
       phone_confirmed = coalesce(x.phone_confirmed,
         u.phone_confirmed and u.phone_number is not distinct from x.phone_number),
       email_withdrawn_at = case
         when lower(u.email) <> lower(x.email) or x.email_confirmed then null
         when u.email_confirmed and x.email_confirmed = false then now()
         else u.email_withdrawn_at end
     from jsonb_to_recordset($1::jsonb)
       as x(user_id int, ${recordColumns}, email_confirmed boolean, phone_confirmed boolean)
     where u.user_id = x.user_id
     returning ${storedColumns.replace(/(\w+)/g, 'u.$1')}`,
}
// A withdrawn address gets no reset mail: the links already sent to it stop working too.
const revokeResetLinks: Prepared = {
  name: 'users_revoke_reset_links',
  text: `update password_tokens t set used_at = now()
     from users u
     where u.user_id = t.user_id and u.user_id = any($1::int[]) and u.email_withdrawn_at is not null
       and t.purpose = 'reset' and t.used_at is null`,
}
const revokeSessions: Prepared = {
  name: 'users_revoke_sessions',
  text: 'update refresh_tokens set revoked_at = now() where user_id = any($1::int[])',
}

/**
 * The confirmation flags an admin sets (decision 074): left out, a changed address or number is
 * unconfirmed as before. Clearing "e-mail confirmed" withdraws the address: no reset mail goes to it
 * until it is confirmed again by an admin or by following an invite link.
 */
export type Confirmed = Pick<UserUpdate, 'email_confirmed' | 'phone_confirmed'>

/** A user is named by their e-mail in the journal: the sign-in name everyone knows them by. */
type Named = { organization_id: number; email: string }
const byEmail = (user: Named) => user.email

/**
 * Writes users already judged by checkUserInput, in the caller's transaction, each with its
 * journal row; answers their ids in the order given.
 */
export async function insertUsers(
  q: Queryable,
  source: JournalSource,
  inputs: readonly UserInput[],
): Promise<number[]> {
  const records = inputs.map(userRecord)
  const stored = await q.query<Stored>(usersInsert, [JSON.stringify(records)])
  const byUsername = new Map(stored.map((row) => [row.username, row]))
  const rows = records.map((r) => byUsername.get(r.username) ?? notStored(r.username))
  await writeJournalRows(
    q,
    source,
    rows.map((row) => changeRow<Named>('user', row.user_id, null, row, byEmail)),
  )
  return rows.map((row) => row.user_id)
}

const notStored = (username: string): never => {
  throw new Error(`The insert answered no row for ${username}.`)
}

const lockUsers: Prepared = {
  name: 'users_lock_moving',
  text: 'select user_id from users where user_id = any($1::int[]) order by user_id for update',
}

/**
 * Updates users (each `before` as read in this transaction) to their `input`, already judged by
 * checkUserInput, in the caller's transaction: a disabled user's sessions end, a user moved to
 * another organization leaves the groups of the one they left (server/db/memberships.ts), and each
 * change gets its journal row. A user deleted meanwhile answers 404.
 */
export async function updateUsers(
  q: Queryable,
  source: JournalSource,
  changes: readonly { before: User; input: UserInput; confirmed?: Confirmed }[],
): Promise<void> {
  const records = changes.map(({ before, input, confirmed }) => ({
    user_id: before.user_id,
    ...userRecord(input),
    email_confirmed: confirmed?.email_confirmed ?? null,
    phone_confirmed: confirmed?.phone_confirmed ?? null,
  }))
  // The last account managing every user stays (decision 074): checked before the write.
  await keepLastAdmin(
    q,
    records
      .filter((r) => r.disabled || !r.permissions.includes('users:update'))
      .map((r) => r.user_id),
    'disabled',
  )
  const moving = changes
    .filter(({ before, input }) => before.organization_id !== input.organization_id)
    .map(({ before }) => before.user_id)
  // Locked first: a membership being added to a group of the old organization waits, and then
  // finds the user gone from it; one added before is removed below with its row.
  if (moving.length > 0) await q.query(lockUsers, [moving])
  const stored = await q.query<Stored>(usersUpdate, [JSON.stringify(records)])
  const byId = new Map(stored.map((row) => [row.user_id, row]))
  const disabled = records.filter((r) => r.disabled).map((r) => r.user_id)
  if (disabled.length > 0) await q.query(revokeSessions, [disabled])
  const withdrawn = records.filter((r) => r.email_confirmed === false).map((r) => r.user_id)
  if (withdrawn.length > 0) await q.query(revokeResetLinks, [withdrawn])
  // Disabled or enabled again: the locks let go of their credentials or take them back (decision 073).
  const flipped = changes
    .filter(({ before, input }) => before.disabled !== (input.disabled ?? false))
    .map(({ before }) => before.user_id)
  if (flipped.length > 0) await resyncCredentials(q, await credentialsOfUsers(q, flipped))
  const memberships: JournalRow[] = []
  for (const id of moving) memberships.push(...(await removeAllMembers(q, 'user', id)))
  await writeJournalRows(q, source, [
    ...changes.map(({ before }) => {
      const after = byId.get(before.user_id)
      if (!after) throw notFound('User')
      return changeRow<Named>('user', before.user_id, before, after, byEmail)
    }),
    ...memberships,
  ])
}

/** Creates a user in the caller's transaction, by the form's rules (checkUserInput). */
export async function insertUser(
  q: Queryable,
  c: Context<AppEnv>,
  scope: Scope,
  input: UserInput,
): Promise<number> {
  const facts = await loadUserFacts(q, [input.organization_id], [input.username, input.email])
  checkUserInput(facts, c.get('principal'), scope, input, 0)
  const [id = 0] = await insertUsers(q, journalSource(c), [input])
  return id
}

/** `user` (already judged manageable) with `patch` applied, by the same rules as a create. */
export async function updateUser(
  q: Queryable,
  c: Context<AppEnv>,
  scope: Scope,
  user: User,
  patch: UserUpdate,
): Promise<void> {
  const { email_confirmed, phone_confirmed, ...fields } = patch
  const input = parse({ ...toInput(user), ...fields }, UserInput)
  const facts = await loadUserFacts(q, [input.organization_id], [input.username, input.email])
  checkUserInput(facts, c.get('principal'), scope, input, user.user_id)
  const confirmed = { email_confirmed, phone_confirmed }
  await updateUsers(q, journalSource(c), [{ before: user, input, confirmed }])
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
    // Changing what someone may do is decisive (decision 077): it needs a fresh check.
    const before = await findUser(s.db, id)
    if (
      before !== undefined &&
      inScope(scope, p.organizationId, before.organization_id) &&
      (changes(before.roles, patch.roles) || changes(before.permissions, patch.permissions))
    )
      requireFreshCheck(c, s)
    await s.db.tx(async (q) => {
      const user = ensureManageable(p, await findUser(q, id), patch.disabled ? 'disable' : 'edit')
      await updateUser(q, c, scope, user, patch)
    })
    // After the commit and before the answer: a permission removed or an account disabled applies
    // to this server's next request (decision 055).
    s.principals.forget(id)
    s.lockSyncJob.wake()
    return c.json(await findUser(s.db, id))
  })

  app.delete('/org/v1/users/:id', async (c) => {
    const p = c.get('principal')
    requireScope(p, 'users', 'delete')
    const id = idParam(c)
    await s.db.tx(async (q) => {
      // Locked first: a membership being added (its foreign key holds the row in key share) is
      // removed below with its journal row, or waits and then finds the user gone.
      await lockRow(q, 'users', id, 'update')
      const user = ensureManageable(p, await findUser(q, id), 'delete')
      await keepLastAdmin(q, [id])
      // The credentials and memberships go with the user: each gets its own delete row, so the
      // journal can still say who could open a door before the user was deleted
      // (server/db/access-at.ts).
      const credentials = await credentialsOfUser(q, id)
      const memberships = await removeAllMembers(q, 'user', id)
      // The row count decides: a concurrent DELETE that got there first leaves nothing here (404).
      const [gone] = await q.query('delete from users where user_id = $1 returning user_id', [id])
      if (!gone) throw notFound('User')
      await resyncCredentials(
        q,
        credentials.map((credential) => credential.credential_id),
        s.clock.now(),
      )
      await writeJournalRows(q, journalSource(c), [
        ...credentials.map((credential) =>
          changeRow('credential', credential.credential_id, credential, null, credentialName),
        ),
        ...memberships,
        changeRow('user', id, user, null, byEmail),
      ])
    })
    s.principals.forget(id)
    s.lockSyncJob.wake()
    return c.body(null, 204)
  })
}
