import type { ErrorBody } from '../../src/contract/errors'
import { inScope, needs, scopeOf, type Scope } from '../../src/contract/permissions'
import {
  USERS_IMPORT_LIMITS,
  USERS_IMPORT_PATH,
  type ImportRow,
} from '../../src/contract/user-import'
import { UserInput, type User } from '../../src/contract/users'
import type { App, Principal, Services } from '../context'
import type { Prepared, Queryable } from '../db/database'
import type { JournalSource } from '../db/journal'
import { addMembers, lockGroups } from '../db/memberships'
import {
  checkWidth,
  csvRows,
  idCell,
  importTx,
  NothingWritten,
  rowProblem,
  rowsChoice,
  yesNo,
  type CsvRow,
} from '../http/csv-import'
import { badField, HttpError } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { requireScope } from '../http/scope'
import { parse } from '../http/validate'
import { findUsers } from './users'
import {
  checkUserInput,
  ensureManageable,
  insertUsers,
  loadUserFacts,
  toInput,
  updateUsers,
} from './user-writes'

// The fields a row may set, and the columns of the users export the import reads past (ids,
// names and dates the server keeps itself). `groups` names groups of the user's organization to
// add them to (never to take them out of one).
const fields = [
  'username',
  'email',
  'title',
  'first_name',
  'last_name',
  'phone_number',
  'notes',
  'roles',
  'permissions',
  'organization_id',
  'client_ids',
  'disabled',
  'groups',
] as const
type Field = (typeof fields)[number]
const readOnly = ['user_id', 'organization_name', 'email_confirmed', 'created_at'] as const
const lists = new Set<Field>(['roles', 'permissions', 'client_ids', 'groups'])

// A sign-in name's cell: always text, as cellValue reads it.
const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** A cell as the contract's value: several values split at ';', yes/no as a boolean, ids as numbers. */
function cellValue(field: Field, text: string): unknown {
  if (lists.has(field)) return text === '' ? [] : text.split(';').map((v) => v.trim())
  if (field === 'disabled') return yesNo(text)
  if (field === 'organization_id') return idCell(text)
  return text
}

/** The fields `row` (its cells but `groups`) would change on `user`. */
const changedFields = (user: User, row: Record<string, unknown>) =>
  Object.entries(row)
    .filter(
      ([key, value]) =>
        JSON.stringify(toInput(user)[key as keyof UserInput] ?? null) !==
        JSON.stringify(value ?? null),
    )
    .map(([key]) => key)

/**
 * What writing a row takes: a new user, or a user as read with what it becomes (`changes` false
 * when only its groups do); and the groups to add it to.
 */
type Write = { line: number; groups: number[] } & (
  | { kind: 'create'; input: UserInput }
  | { kind: 'update'; before: User; input: UserInput; changes: boolean }
)

const namedUsers: Prepared = {
  name: 'import_named_users',
  text: `select distinct s.user_id from unnest($1::text[]) n
     join sign_in_names s on s.name = lower(btrim(n))`,
}

const groupsOf: Prepared = {
  name: 'import_groups',
  text: `select group_id, organization_id, lower(name) as name from access_groups
     where organization_id = any($1::int[])`,
}

const membershipsOf: Prepared = {
  name: 'import_memberships',
  text: 'select group_id, user_id from group_members where user_id = any($1::int[])',
}

/** The groups a file may name, by organization and name (letter case ignored), and who is in which. */
interface GroupFacts {
  byName: ReadonlyMap<number, ReadonlyMap<string, number>>
  memberships: ReadonlyMap<number, ReadonlySet<number>>
}

async function groupFacts(
  q: Queryable,
  organizations: readonly number[],
  userIds: readonly number[],
): Promise<GroupFacts> {
  const groups = await q.query<{ group_id: number; organization_id: number; name: string }>(
    groupsOf,
    [[...new Set(organizations)]],
  )
  const byName = new Map<number, Map<string, number>>()
  for (const g of groups) {
    const names = byName.get(g.organization_id) ?? new Map<string, number>()
    byName.set(g.organization_id, names.set(g.name, g.group_id))
  }
  const memberships = new Map<number, Set<number>>()
  for (const m of await q.query<{ group_id: number; user_id: number }>(membershipsOf, [userIds]))
    memberships.set(m.user_id, (memberships.get(m.user_id) ?? new Set()).add(m.group_id))
  return { byName, memberships }
}

/** What the rows are judged against, read once: the users they name, the roles, the clients, the groups. */
async function fileFacts(q: Queryable, p: Principal, rows: readonly CsvRow[]) {
  const names = rows.flatMap((row) => [text(row.fields.username), text(row.fields.email)])
  const ids = (await q.query<{ user_id: number }>(namedUsers, [names])).map((r) => r.user_id)
  const organizations = rows.map((row) => {
    const id = row.fields.organization_id
    return typeof id === 'number' ? id : p.organizationId
  })
  const facts = await loadUserFacts(q, organizations, names, ids)
  const users = await findUsers(q, ids)
  const groups: GroupFacts = rows.some((row) => row.fields.groups !== undefined)
    ? await groupFacts(q, [...organizations, ...users.map((u) => u.organization_id)], ids)
    : { byName: new Map(), memberships: new Map() }
  return { facts, users: new Map(users.map((u) => [u.user_id, u])), groups }
}

/**
 * The ids of the groups a row's `groups` cell names in the user's organization: each must be one
 * of its groups (400 naming `groups` with those that are not), and adding to them needs the
 * groups' update permission there (403 naming `groups`).
 */
function namedGroups(
  groups: GroupFacts,
  p: Principal,
  organizationId: number,
  cell: unknown,
): number[] {
  const names = [...new Set((Array.isArray(cell) ? cell : []).map((n) => String(n)))]
  if (names.length === 0) return []
  if (!inScope(scopeOf(p.permissions, 'groups', 'update'), p.organizationId, organizationId))
    throw new HttpError(
      403,
      'forbidden',
      'You may not add people to groups here.',
      'groups',
      {},
      { rule: 'no_permission', params: { permissions: needs('groups', 'update').join(', ') } },
    )
  const own = groups.byName.get(organizationId) ?? new Map<string, number>()
  const unknown = names.filter((name) => !own.has(name.toLowerCase()))
  if (unknown.length > 0)
    throw badField(
      'groups',
      `The organization has no group called ${unknown.join(', ')}.`,
      'invalid',
      { groups: unknown.join('; ') },
    )
  return [...new Set(names.map((name) => own.get(name.toLowerCase()) ?? 0))]
}

/**
 * Every row judged in file order against what the database holds, as the form would judge the
 * rows one after another (checkUserInput): its outcome, and what writing it takes. A row that
 * renames a user frees the old names for the rows after it, as the database would.
 */
function judge(
  p: Principal,
  scope: Scope,
  rows: readonly CsvRow[],
  { facts, users, groups }: Awaited<ReturnType<typeof fileFacts>>,
  width: number,
) {
  const seen = new Map<string, number>()
  const results: ImportRow[] = []
  const writes: Write[] = []
  const keyOf = (name: string) => facts.keys.get(name) ?? ''
  const hold = (input: UserInput, id: number) => {
    for (const name of [input.username, input.email]) facts.holder.set(keyOf(name), id)
  }
  for (const fileRow of rows) {
    const { line, fields } = fileRow
    const { groups: groupCell, ...row } = fields
    try {
      checkWidth(fileRow, width)
      for (const name of [row.username, row.email].map((v) => text(v).toLowerCase())) {
        const first = seen.get(name)
        if (name !== '' && first !== undefined)
          throw badField(
            name === text(row.username).toLowerCase() ? 'username' : 'email',
            `Line ${first} already names ${name}.`,
            'duplicate',
            { line: first },
          )
      }
      const holders = new Set(
        [row.username, row.email].flatMap((v) => facts.holder.get(keyOf(text(v))) ?? []),
      )
      if (holders.size > 1)
        throw badField(
          'email',
          'The username and the e-mail belong to two different users.',
          'duplicate',
        )
      const [id] = holders
      const user = id === undefined ? undefined : users.get(id)
      if (user === undefined) {
        const given = { organization_id: p.organizationId, roles: [], permissions: [], ...row }
        const input = parse(given, UserInput)
        const added = namedGroups(groups, p, input.organization_id, groupCell)
        checkUserInput(facts, p, scope, input, 0)
        const changes = Object.keys(fields)
        results.push({ line, outcome: 'create', changes, error: null, user_id: null })
        writes.push({ line, kind: 'create', input, groups: added })
        hold(input, -line)
        continue
      }
      const manageable = ensureManageable(p, user, row.disabled === true ? 'disable' : 'edit')
      const input = parse({ ...toInput(manageable), ...row }, UserInput)
      const member = groups.memberships.get(user.user_id) ?? new Set<number>()
      const added = namedGroups(groups, p, input.organization_id, groupCell).filter(
        (id) => !member.has(id),
      )
      const changed = changedFields(manageable, row)
      const changes = added.length > 0 ? [...changed, 'groups'] : changed
      if (changes.length === 0) {
        results.push({ line, outcome: 'unchanged', changes, error: null, user_id: user.user_id })
        continue
      }
      if (changed.length > 0) checkUserInput(facts, p, scope, input, user.user_id)
      results.push({ line, outcome: 'update', changes, error: null, user_id: user.user_id })
      writes.push({
        line,
        kind: 'update',
        before: manageable,
        input,
        changes: changed.length > 0,
        groups: added,
      })
      for (const name of facts.namesOf.get(user.user_id) ?? [])
        if (facts.holder.get(name) === user.user_id) facts.holder.delete(name)
      hold(input, user.user_id)
    } catch (error) {
      results.push({ line, outcome: 'error', changes: [], error: rowProblem(error), user_id: null })
    } finally {
      for (const v of [row.username, row.email]) {
        const name = text(v).toLowerCase()
        if (name !== '' && !seen.has(name)) seen.set(name, line)
      }
    }
  }
  return { results, writes }
}

// Rows written in one statement: a file is a few statements, and a batch the database refuses
// is soon redone row by row.
const BATCH = 500

/**
 * Writes the judged rows in the caller's transaction: the updates first (a rename frees names a
 * create may take), then the creates, BATCH at a time. A batch the database refuses (a name taken
 * meanwhile by another session, say) is rolled back and redone row by row, so only its refused
 * rows fail, each with the API's refusal. Answers the refusals and the created ids by line.
 */
async function write(q: Queryable, source: JournalSource, writes: readonly Write[]) {
  const refused = new Map<number, ErrorBody>()
  const created = new Map<number, number>()
  const run = async (batch: readonly Write[]) => {
    const updates = batch.flatMap((w) => (w.kind === 'update' && w.changes ? [w] : []))
    if (updates.length > 0) await updateUsers(q, source, updates)
    const creates = batch.flatMap((w) => (w.kind === 'create' ? [w] : []))
    const ids =
      creates.length === 0
        ? []
        : await insertUsers(
            q,
            source,
            creates.map((w) => w.input),
          )
    creates.forEach((w, i) => created.set(w.line, ids[i] ?? 0))
    const memberships = batch.flatMap((w) =>
      w.groups.map((groupId) => ({
        group_id: groupId,
        user_id: w.kind === 'create' ? (created.get(w.line) ?? 0) : w.before.user_id,
        valid_from: null,
        valid_until: null,
      })),
    )
    if (memberships.length === 0) return
    await lockGroups(
      q,
      memberships.map((m) => m.group_id),
    )
    await addMembers(q, source, memberships, true)
  }
  const ordered = [
    ...writes.filter((w) => w.kind === 'update'),
    ...writes.filter((w) => w.kind === 'create'),
  ]
  for (let from = 0; from < ordered.length; from += BATCH) {
    const batch = ordered.slice(from, from + BATCH)
    await q.query('savepoint import_batch')
    try {
      await run(batch)
      await q.query('release savepoint import_batch')
      continue
    } catch (error) {
      rowProblem(error)
      await q.query('rollback to savepoint import_batch')
    }
    for (const one of batch) {
      await q.query('savepoint import_row')
      try {
        await run([one])
        await q.query('release savepoint import_row')
      } catch (error) {
        refused.set(one.line, rowProblem(error))
        await q.query('rollback to savepoint import_row')
      }
    }
  }
  return { refused, created }
}

/**
 * POST /org/v1/users/import?dry_run=true|false&rows=all|valid (docs/csv.md). The rows are judged
 * in memory by the form's own rules (checkUserInput) against the users, roles and clients read
 * once for the file, in one transaction; a dry run stops there and writes nothing. An import then
 * writes the rows that passed in batches with their journal rows; a batch the database refuses is
 * redone row by row. `rows=all` writes nothing when any row is refused (all or nothing), while
 * `rows=valid` commits the rows that passed.
 */
export function registerUserImport(app: App, s: Services) {
  app.post(USERS_IMPORT_PATH, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'users', 'create')
    const dryRun = c.req.query('dry_run') !== 'false'
    const rows = rowsChoice(c.req.query('rows'))
    const { rows: fileRows, width } = await csvRows(c, {
      limits: USERS_IMPORT_LIMITS,
      fields,
      readOnly,
      needed: ['username', 'email'],
      keepEmpty: ['disabled'],
      cell: cellValue,
    })
    let results: ImportRow[] = []
    const work = async (q: Queryable) => {
      const judged = judge(p, scope, fileRows, await fileFacts(q, p, fileRows), width)
      results = judged.results
      const refusedAny = () => results.some((r) => r.outcome === 'error')
      if (dryRun || (rows === 'all' && refusedAny())) throw new NothingWritten()
      const { refused, created } = await write(q, journalSource(c), judged.writes)
      results = results.map((r) => {
        const error = refused.get(r.line)
        if (error) return { line: r.line, outcome: 'error', changes: [], error, user_id: null }
        return r.outcome === 'create' ? { ...r, user_id: created.get(r.line) ?? null } : r
      })
      if (rows === 'all' && refusedAny()) throw new NothingWritten()
      return judged.writes.flatMap((w) => (w.kind === 'update' ? [w.before.user_id] : []))
    }
    const updated = await importTx(s.db, work)
    const written = updated !== null
    // A create rolled back has no user to name.
    if (!written) for (const r of results) if (r.outcome === 'create') r.user_id = null
    // A permission removed or an account disabled applies to this server's next request, as
    // after the form's save (decision 055).
    for (const id of updated ?? []) s.principals.forget(id)
    return c.json({ dry_run: dryRun, rows, written, results })
  })
}
