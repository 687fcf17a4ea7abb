import {
  CREDENTIALS_IMPORT_PATH,
  type CredentialImportRow,
  CREDENTIALS_IMPORT_LIMITS,
} from '../../src/contract/credential-import'
import { CredentialInput, type Credential } from '../../src/contract/credentials'
import type { App, Services } from '../context'
import type { Queryable } from '../db/database'
import { lockRow } from '../db/locks'
import {
  checkWidth,
  csvRows,
  fileError,
  idCell,
  importTx,
  NothingWritten,
  rowProblem,
  rowsChoice,
  yesNo,
} from '../http/csv-import'
import { badField } from '../http/errors'
import { ensureInScope, requireScope } from '../http/scope'
import { parse } from '../http/validate'
import {
  createCredential,
  findCredential,
  sameCredential,
  toInput,
  updateCredential,
} from './credentials'

// The fields a row may set, and the columns of the credentials export the import reads past.
const fields = [
  'credential_id',
  'user_id',
  'user_email',
  'assignment_type',
  'assignment_id',
  'start_datetime',
  'end_datetime',
  'permanent',
  'exclusive',
  'repetition',
] as const
type Field = (typeof fields)[number]
const readOnly = ['assignment_name', 'organization_id', 'created_at'] as const

/**
 * A repetition's cell: the export's JSON, or `daily`, or `weekly: mon; wed` (weekdays separated
 * by `;` or `,`). Anything else is left as text for the contract to refuse.
 */
function repetition(text: string): unknown {
  if (text.startsWith('{')) {
    try {
      return JSON.parse(text) as unknown
    } catch {
      return text
    }
  }
  const [kind = '', days = ''] = text.split(':')
  const type = kind.trim().toLowerCase()
  if (type === 'daily' && days.trim() === '') return { type }
  if (type === 'weekly')
    return {
      type,
      weekdays: days
        .split(/[;,]/)
        .map((d) => d.trim().toLowerCase())
        .filter((d) => d !== ''),
    }
  return text
}

function cellValue(field: Field, text: string): unknown {
  if (field === 'credential_id' || field === 'user_id' || field === 'assignment_id')
    return idCell(text)
  if (field === 'permanent' || field === 'exclusive') return yesNo(text)
  if (field === 'repetition') return repetition(text)
  return text
}

/** The user a row's `user_email` names by e-mail or username (one sign-in namespace), if any. */
async function namedUser(q: Queryable, name: string) {
  const [row] = await q.query<{ user_id: number }>(
    'select user_id from sign_in_names where name = lower(btrim($1))',
    [name],
  )
  return row?.user_id
}

const instant = (value: unknown) =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? Date.parse(value) : value

/** The fields `input` changes on `current`: times compared as instants, whatever their notation. */
const changedFields = (current: Credential, input: CredentialInput) => {
  const was = toInput(current)
  return (Object.keys(input) as (keyof CredentialInput)[]).filter(
    (key) =>
      JSON.stringify(instant(was[key] ?? null)) !== JSON.stringify(instant(input[key] ?? null)),
  )
}

/**
 * POST /access/v1/credentials/import?dry_run=true|false&rows=all|valid (docs/csv.md). Each row
 * runs the form's own create or update (credentials.ts: scope, the user's and the target's
 * organization, the exclusion constraints, the journal row) under a savepoint, so a refused row
 * is rolled back alone; a dry run rolls the whole file back. A row with a `credential_id` updates
 * that credential; one without creates a credential, unless one equal to it (same user, target
 * and window) exists, which is then `unchanged`: a second import of the same file writes nothing.
 */
export function registerCredentialImport(app: App, s: Services) {
  app.post(CREDENTIALS_IMPORT_PATH, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'credentials', 'create')
    const dryRun = c.req.query('dry_run') !== 'false'
    const rows = rowsChoice(c.req.query('rows'))
    const {
      rows: fileRows,
      width,
      present,
    } = await csvRows(c, {
      limits: CREDENTIALS_IMPORT_LIMITS,
      fields,
      readOnly,
      needed: [],
      cell: cellValue,
    })
    // Without ids every row is a credential of its own: what it opens and from when are needed.
    if (!present.has('credential_id'))
      for (const needed of ['assignment_type', 'assignment_id', 'start_datetime'] as const)
        if (!present.has(needed))
          throw fileError(`The file has no ${needed} column (nor credential_id).`)
    let results: CredentialImportRow[] = []
    const apply = async (q: Queryable, row: Record<string, unknown>) => {
      const { credential_id: id, user_email: name, ...given } = row
      if (typeof name === 'string') {
        const userId = await namedUser(q, name)
        if (userId === undefined)
          throw badField('user_email', `No user has the username or e-mail ${name}.`, 'invalid')
        if (given.user_id !== undefined && given.user_id !== userId)
          throw badField('user_email', 'user_id and user_email name different users.', 'invalid')
        given.user_id = userId
      }
      const changes = Object.keys(given)
      if (id === undefined) {
        const input = parse(given, CredentialInput)
        const same = await sameCredential(q, input)
        if (same !== undefined)
          return { outcome: 'unchanged' as const, changes: [], credential_id: same }
        const created = await createCredential(q, c, scope, input, s.clock.now())
        return { outcome: 'create' as const, changes, credential_id: created }
      }
      const updateScope = requireScope(p, 'credentials', 'update')
      const credentialId = typeof id === 'number' ? id : 0
      await lockRow(q, 'credentials', credentialId, 'update')
      const current = ensureInScope(
        updateScope,
        p,
        await findCredential(q, credentialId),
        'Credential',
      )
      const input = parse({ ...toInput(current), ...given }, CredentialInput)
      const changed = changedFields(current, input)
      if (changed.length === 0)
        return { outcome: 'unchanged' as const, changes: [], credential_id: credentialId }
      await updateCredential(q, c, updateScope, current, input, s.clock.now())
      return { outcome: 'update' as const, changes: changed, credential_id: credentialId }
    }
    const work = async (q: Queryable) => {
      // A transaction re-run after a deadlock starts the file over.
      results = []
      for (const fileRow of fileRows) {
        const { line } = fileRow
        await q.query('savepoint import_row')
        try {
          checkWidth(fileRow, width)
          const { credential_id: id, user_id: userId, user_email: name } = fileRow.fields
          if (id === undefined && userId === undefined && name === undefined)
            throw badField('user_email', 'Name the user: user_email or user_id.', 'required')
          results.push({ line, ...(await apply(q, fileRow.fields)), error: null })
          await q.query('release savepoint import_row')
        } catch (error) {
          const body = rowProblem(error)
          await q.query('rollback to savepoint import_row')
          results.push({ line, outcome: 'error', changes: [], error: body, credential_id: null })
        }
      }
      if (dryRun || (rows === 'all' && results.some((r) => r.outcome === 'error')))
        throw new NothingWritten()
      return true
    }
    const written = (await importTx(s.db, work)) !== null
    // A create rolled back has no credential to name.
    if (!written) for (const r of results) if (r.outcome === 'create') r.credential_id = null
    if (written) s.lockSyncJob.wake()
    return c.json({ dry_run: dryRun, rows, written, results })
  })
}
