import type { ErrorBody } from '../../src/contract/errors'
import type { Scope } from '../../src/contract/permissions'
import {
  USERS_IMPORT_LIMITS,
  USERS_IMPORT_PATH,
  type ImportRow,
} from '../../src/contract/user-import'
import { UserInput, type User } from '../../src/contract/users'
import type { App, Principal, Services } from '../context'
import type { Prepared, Queryable } from '../db/database'
import type { JournalSource } from '../db/journal'
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
import { badField } from '../http/errors'
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
// names and dates the server keeps itself).
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
] as const
type Field = (typeof fields)[number]
const readOnly = ['user_id', 'organization_name', 'email_confirmed', 'created_at'] as const
const lists = new Set<Field>(['roles', 'permissions', 'client_ids'])

// A sign-in name's cell: always text, as cellValue reads it.
const text = (value: unknown) => (typeof value === 'string' ? value : '')

/** A cell as the contract's value: several values split at ';', yes/no as a boolean, ids as numbers. */
function cellValue(field: Field, text: string): unknown {
  if (lists.has(field)) return text === '' ? [] : text.split(';').map((v) => v.trim())
  if (field === 'disabled') return yesNo(text)
  if (field === 'organization_id') return idCell(text)
  return text
}

/** The fields `row` would change on `user`. */
const changedFields = (user: User, row: Partial<UserInput>) =>
  Object.entries(row)
    .filter(
      ([key, value]) =>
        JSON.stringify(toInput(user)[key as Field] ?? null) !== JSON.stringify(value ?? null),
    )
    .map(([key]) => key)

/** What writing a row takes: a new user, or a user as read with what it becomes. */
type Write = { line: number } & (
  { kind: 'create'; input: UserInput } | { kind: 'update'; before: User; input: UserInput }
)

const namedUsers: Prepared = {
  name: 'import_named_users',
  text: `select distinct s.user_id from unnest($1::text[]) n
     join sign_in_names s on s.name = lower(btrim(n))`,
}

/** What the rows are judged against, read once: the users they name, the roles, the clients. */
async function fileFacts(q: Queryable, p: Principal, rows: readonly CsvRow[]) {
  const names = rows.flatMap((row) => [text(row.fields.username), text(row.fields.email)])
  const ids = (await q.query<{ user_id: number }>(namedUsers, [names])).map((r) => r.user_id)
  const organizations = rows.map((row) => {
    const id = row.fields.organization_id
    return typeof id === 'number' ? id : p.organizationId
  })
  const facts = await loadUserFacts(q, organizations, names, ids)
  const users = await findUsers(q, ids)
  return { facts, users: new Map(users.map((u) => [u.user_id, u])) }
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
  { facts, users }: Awaited<ReturnType<typeof fileFacts>>,
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
    const { line, fields: row } = fileRow
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
        checkUserInput(facts, p, scope, input, 0)
        const changes = Object.keys(row)
        results.push({ line, outcome: 'create', changes, error: null, user_id: null })
        writes.push({ line, kind: 'create', input })
        hold(input, -line)
        continue
      }
      const manageable = ensureManageable(p, user, row.disabled === true ? 'disable' : 'edit')
      const input = parse({ ...toInput(manageable), ...row }, UserInput)
      const changes = changedFields(manageable, row)
      if (changes.length === 0) {
        results.push({ line, outcome: 'unchanged', changes, error: null, user_id: user.user_id })
        continue
      }
      checkUserInput(facts, p, scope, input, user.user_id)
      results.push({ line, outcome: 'update', changes, error: null, user_id: user.user_id })
      writes.push({ line, kind: 'update', before: manageable, input })
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
    const updates = batch.flatMap((w) => (w.kind === 'update' ? [w] : []))
    if (updates.length > 0) await updateUsers(q, source, updates)
    const creates = batch.flatMap((w) => (w.kind === 'create' ? [w] : []))
    if (creates.length === 0) return
    const ids = await insertUsers(
      q,
      source,
      creates.map((w) => w.input),
    )
    creates.forEach((w, i) => created.set(w.line, ids[i] ?? 0))
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
