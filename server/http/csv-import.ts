import type { Context } from 'hono'
import { parse as parseCsv } from 'csv-parse/sync'
import { i18nObject, locales } from '../../i18n/i18n-util'
import type { ErrorBody } from '../../src/contract/errors'
import {
  type ImportLimits,
  importRowChoices,
  type ImportRows,
} from '../../src/contract/user-import'
import type { AppEnv } from '../context'
import type { Db, Queryable } from '../db/database'
import { constraintAnswer } from './constraints'
import { HttpError, badField } from './errors'

// What every CSV import shares (docs/csv.md): the file's checks, its header, its rows' cells, the
// `rows` choice and the per-row refusal. Each import names its fields and reads its cells.

/** A header the export writes: its key among the csv.columns messages. */
type ColumnKey = keyof ReturnType<typeof i18nObject>['csv']['columns']

export const fileError = (message: string) =>
  new HttpError(400, 'validation', message, 'file', {}, { rule: 'invalid', params: {} })

/**
 * The file as rows of cells, or a 4xx naming what is wrong with it. Its size was checked on the
 * way in: each import's path has its body limit (server/app.ts, ImportLimits.bytes).
 */
function readFile(bytes: ArrayBuffer): string[][] {
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

/** A file's row: its line (the header is line 1), how many cells it has, its cells by field. */
export interface CsvRow {
  line: number
  cells: number
  fields: Record<string, unknown>
}

/**
 * The request's CSV file as rows: `text/csv`, at most `limits.rows` rows, every
 * header a field's name or the export's header for it in any language (`readOnly` headers are
 * read past), the `needed` ones present. A non-empty cell becomes `cell(field, text)`; an empty
 * one is left out, but for the fields in `keepEmpty`. Answers the header's width and fields too.
 */
export async function csvRows<F extends ColumnKey>(
  c: Context<AppEnv>,
  spec: {
    fields: readonly F[]
    readOnly: readonly ColumnKey[]
    needed: readonly F[]
    keepEmpty?: readonly F[]
    cell: (field: F, text: string) => unknown
    limits: ImportLimits
  },
): Promise<{ rows: CsvRow[]; width: number; present: ReadonlySet<F | null | undefined> }> {
  if (!/^text\/csv\b/i.test(c.req.header('content-type') ?? ''))
    throw new HttpError(415, 'unsupported_media_type', 'Send the file as text/csv.')
  const [header = [], ...records] = readFile(await c.req.arrayBuffer())
  if (records.length > spec.limits.rows)
    throw fileError(
      `The file has ${records.length} rows; the import takes ${spec.limits.rows} at most.`,
    )
  const names = new Map<string, F | null>()
  for (const key of [...spec.fields, ...spec.readOnly]) {
    const field = (spec.fields as readonly string[]).includes(key) ? (key as F) : null
    names.set(key, field)
    for (const locale of locales)
      names.set(i18nObject(locale).csv.columns[key]().toLowerCase(), field)
  }
  const columns = header.map((cell) => names.get(cell.trim().toLowerCase()))
  const unknown = header.filter((_, i) => columns[i] === undefined)
  if (unknown.length > 0) throw fileError(`Unknown columns: ${unknown.join(', ')}.`)
  for (const needed of spec.needed)
    if (!columns.includes(needed)) throw fileError(`The file has no ${needed} column.`)
  const rows = records.map((record, index) => {
    const fields: Record<string, unknown> = {}
    columns.forEach((field, i) => {
      const cell = record[i] ?? ''
      if (field && (cell.trim() !== '' || spec.keepEmpty?.includes(field)))
        fields[field] = spec.cell(field, cell.trim())
    })
    return { line: index + 2, cells: record.length, fields }
  })
  return { rows, width: header.length, present: new Set(columns) }
}

/** A row whose cells do not match the header's. */
export function checkWidth(row: CsvRow, width: number) {
  if (row.cells !== width)
    throw badField('file', `The row has ${row.cells} cells; the header has ${width}.`)
}

const truthy = new Set(['yes', 'ja', 'true', '1'])
const falsy = new Set(['no', 'nein', 'false', '0', ''])

/** yes/no, ja/nein, true/false, 1/0 (the export writes yes/no in the user's language) as a boolean. */
export function yesNo(text: string): unknown {
  const word = text.toLowerCase()
  return truthy.has(word) ? true : falsy.has(word) ? false : text
}

/** An id's cell: a number when it is one, else the text, for the contract to refuse. */
export const idCell = (text: string): unknown => (/^\d{1,9}$/.test(text) ? Number(text) : text)

/** The `rows` parameter: `all` (the default) or `valid`; anything else is refused. */
export function rowsChoice(value: string | undefined): ImportRows {
  if (value === undefined) return 'all'
  const choice = importRowChoices.find((c) => c === value)
  if (choice === undefined) throw badField('rows', 'rows is all or valid.')
  return choice
}

// A value the contract let through but the database cannot hold (class 22), as app.onError words it.
const outOfRange = new HttpError(400, 'validation', 'A value is out of range.')

/** A row's refusal as the API's error body; anything but a refusal is the server's fault. */
export function rowProblem(error: unknown): ErrorBody {
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

/** Thrown by an import's work to end its transaction writing nothing: a dry run, or a refused row under `rows=all`. */
export class NothingWritten extends Error {
  constructor() {
    super('nothing to write')
  }
}

/** Runs an import's `work` in one transaction: its answer, or null if it wrote nothing. */
export function importTx<T>(db: Db, work: (q: Queryable) => Promise<T>): Promise<T | null> {
  return db.tx(work).catch((error: unknown) => {
    if (error instanceof NothingWritten) return null
    throw error
  })
}
