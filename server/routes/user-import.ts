import type { Context } from 'hono'
import { parse as parseCsv } from 'csv-parse/sync'
import { i18nObject } from '../../i18n/i18n-util'
import { locales } from '../../i18n/i18n-util'
import type { ErrorBody } from '../../src/contract/errors'
import type { Scope } from '../../src/contract/permissions'
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importRowChoices,
  USERS_IMPORT_PATH,
  type ImportRow,
  type ImportRows,
} from '../../src/contract/user-import'
import { UserInput, type User } from '../../src/contract/users'
import type { AppEnv, App, Services } from '../context'
import type { Queryable } from '../db/database'
import { constraintAnswer } from '../http/constraints'
import { HttpError, badField } from '../http/errors'
import { requireScope } from '../http/scope'
import { parse } from '../http/validate'
import { findUser } from './users'
import { ensureManageable, insertUser, toInput, updateUser } from './user-writes'

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

/** Each header a column may carry: the field's name, and the export's header in every language. */
function headerNames(): Map<string, Field | null> {
  const names = new Map<string, Field | null>()
  for (const key of [...fields, ...readOnly]) {
    const field = (fields as readonly string[]).includes(key) ? (key as Field) : null
    names.set(key, field)
    for (const locale of locales)
      names.set(i18nObject(locale).csv.columns[key]().toLowerCase(), field)
  }
  return names
}

// A sign-in name's cell: always text, as cellValue reads it.
const text = (value: unknown) => (typeof value === 'string' ? value : '')

const truthy = new Set(['yes', 'ja', 'true', '1'])
const falsy = new Set(['no', 'nein', 'false', '0', ''])

/** A cell as the contract's value: several values split at ';', yes/no as a boolean, ids as numbers. */
function cellValue(field: Field, cell: string): unknown {
  const text = cell.trim()
  if (lists.has(field)) return text === '' ? [] : text.split(';').map((v) => v.trim())
  if (field === 'disabled') {
    const word = text.toLowerCase()
    return truthy.has(word) ? true : falsy.has(word) ? false : text
  }
  if (field === 'organization_id') return /^\d{1,9}$/.test(text) ? Number(text) : text
  return text
}

const fileError = (message: string) =>
  new HttpError(400, 'validation', message, 'file', {}, { rule: 'invalid', params: {} })

/** The file as rows of cells, or a 400 naming what is wrong with it. */
function readFile(bytes: ArrayBuffer): string[][] {
  if (bytes.byteLength > IMPORT_MAX_BYTES)
    throw new HttpError(
      413,
      'payload_too_large',
      `The file is larger than ${IMPORT_MAX_BYTES} bytes.`,
    )
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw fileError('The file is not UTF-8 text: save it as “CSV UTF-8”.')
  }
  if (text.includes('\0')) throw fileError('The file is not text.')
  try {
    return parseCsv(text, { bom: true, relax_column_count: true, skip_empty_lines: true })
  } catch (error) {
    const line = (error as { lines?: number }).lines
    throw fileError(
      `The file is not valid CSV${line === undefined ? '' : ` at line ${line}`}: ${(error as Error).message}`,
    )
  }
}

// A value the contract let through but the database cannot hold (class 22), as app.onError words it.
const outOfRange = new HttpError(400, 'validation', 'A value is out of range.')

const problem = (error: unknown): ErrorBody => {
  const code = (error as { code?: unknown }).code
  const known =
    constraintAnswer(error) ??
    (typeof code === 'string' && code.startsWith('22') ? outOfRange : error)
  if (!(known instanceof HttpError)) throw error
  return {
    error: known.code,
    message: known.message,
    ...(known.field === undefined ? {} : { field: known.field }),
    ...(known.rule ?? {}),
  }
}

/** The fields `row` would change on `user`. */
const changedFields = (user: User, row: Partial<UserInput>) =>
  Object.entries(row)
    .filter(
      ([key, value]) =>
        JSON.stringify(toInput(user)[key as Field] ?? null) !== JSON.stringify(value ?? null),
    )
    .map(([key]) => key)

/** The user a row names by username or e-mail (one sign-in namespace, migration 003). */
async function existing(q: Queryable, username: string, email: string) {
  const rows = await q.query<{ user_id: number }>(
    `select distinct user_id from sign_in_names where name in (lower(btrim($1)), lower(btrim($2)))`,
    [username, email],
  )
  if (rows.length > 1)
    throw badField(
      'email',
      'The username and the e-mail belong to two different users.',
      'duplicate',
    )
  return rows[0] === undefined ? undefined : findUser(q, rows[0].user_id)
}

/** One row, applied in the caller's transaction: its outcome, or the refusal it met. */
async function applyRow(
  q: Queryable,
  c: Context<AppEnv>,
  scope: Scope,
  row: Record<string, unknown>,
): Promise<Omit<ImportRow, 'line' | 'error'>> {
  const p = c.get('principal')
  const given = { organization_id: p.organizationId, roles: [], permissions: [], ...row }
  const user = await existing(q, text(row.username), text(row.email))
  if (user === undefined) {
    const input = parse(given, UserInput)
    const id = await insertUser(q, c, scope, input)
    return { outcome: 'create', changes: Object.keys(row), user_id: id }
  }
  const manageable = ensureManageable(p, user, row.disabled === true ? 'disable' : 'edit')
  const patch = parse({ ...toInput(manageable), ...row }, UserInput)
  const changes = changedFields(manageable, row)
  if (changes.length === 0) return { outcome: 'unchanged', changes, user_id: user.user_id }
  await updateUser(q, c, scope, manageable, patch)
  return { outcome: 'update', changes, user_id: user.user_id }
}

/** The `rows` parameter: `all` (the default) or `valid`; anything else is refused. */
function rowsChoice(value: string | undefined): ImportRows {
  if (value === undefined) return 'all'
  const choice = importRowChoices.find((c) => c === value)
  if (choice === undefined) throw badField('rows', 'rows is all or valid.')
  return choice
}

/**
 * POST /org/v1/users/import?dry_run=true|false&rows=all|valid (docs/csv.md). Each row runs the form's
 * own create or update (scope, grants, clients, unique names, journal) under a savepoint: a refused
 * row is rolled back alone and reported with the API's refusal. A dry run does all of it in one
 * transaction that is rolled back, so it answers exactly what the import would do and writes
 * nothing; so does `rows=all` when any row is refused (all or nothing), while `rows=valid` commits
 * the rows that passed.
 */
export function registerUserImport(app: App, s: Services) {
  app.post(USERS_IMPORT_PATH, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'users', 'create')
    const dryRun = c.req.query('dry_run') !== 'false'
    const rows = rowsChoice(c.req.query('rows'))
    if (!/^text\/csv\b/i.test(c.req.header('content-type') ?? ''))
      throw new HttpError(415, 'unsupported_media_type', 'Send the file as text/csv.')
    const [header = [], ...records] = readFile(await c.req.arrayBuffer())
    if (records.length > IMPORT_MAX_ROWS)
      throw fileError(
        `The file has ${records.length} rows; the import takes ${IMPORT_MAX_ROWS} at most.`,
      )
    const names = headerNames()
    const columns = header.map((cell) => names.get(cell.trim().toLowerCase()))
    const unknown = header.filter((_, i) => columns[i] === undefined)
    if (unknown.length > 0) throw fileError(`Unknown columns: ${unknown.join(', ')}.`)
    for (const needed of ['username', 'email'] as const)
      if (!columns.includes(needed)) throw fileError(`The file has no ${needed} column.`)
    const seen = new Map<string, number>()
    const rollback = new Error('dry run')
    const results: ImportRow[] = []
    const work = async (q: Queryable) => {
      // A transaction retried after a serialization failure starts the file over.
      results.length = 0
      seen.clear()
      for (const [index, record] of records.entries()) {
        const line = index + 2
        const row: Record<string, unknown> = {}
        columns.forEach((field, i) => {
          const cell = record[i] ?? ''
          if (field && (cell.trim() !== '' || field === 'disabled'))
            row[field] = cellValue(field, cell)
        })
        let outcome: Omit<ImportRow, 'line' | 'error'>
        await q.query('savepoint import_row')
        try {
          if (record.length !== header.length)
            throw badField(
              'file',
              `The row has ${record.length} cells; the header has ${header.length}.`,
            )
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
          outcome = await applyRow(q, c, scope, row)
          await q.query('release savepoint import_row')
        } catch (error) {
          const body = problem(error)
          await q.query('rollback to savepoint import_row')
          results.push({ line, outcome: 'error', changes: [], error: body, user_id: null })
          continue
        } finally {
          for (const v of [row.username, row.email]) {
            const name = text(v).toLowerCase()
            if (name !== '' && !seen.has(name)) seen.set(name, line)
          }
        }
        results.push({ line, ...outcome, error: null })
      }
      if (dryRun || (rows === 'all' && results.some((r) => r.outcome === 'error'))) throw rollback
    }
    const written = await s.db.tx(work).then(
      () => true,
      (error: unknown) => {
        if (error !== rollback) throw error
        return false
      },
    )
    // A create rolled back has no user to name.
    if (!written) for (const r of results) if (r.outcome === 'create') r.user_id = null
    return c.json({ dry_run: dryRun, rows, written, results })
  })
}
