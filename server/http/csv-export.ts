import type { Context } from 'hono'
import { stringify } from 'csv-stringify/sync'
import type { Locales, TranslationFunctions } from '../../i18n/i18n-types'
import { i18nObject, isLocale } from '../../i18n/i18n-util'
import { loadAllLocales } from '../../i18n/i18n-util.sync'
import type { ListQuery } from '../../src/contract/list'
import type { Db } from '../db/database'
import type { RequestsInFlight } from './requests-in-flight'
import type { ListSpec } from './list'
import { csvBatch, keysetBatch, type KeysetMark } from './list-keyset'

loadAllLocales()

export type CsvCell = string | number | boolean | null | undefined

/** One column of an export: its header in the reader's language and its value as the screen shows it. */
export interface CsvColumn<R> {
  header: (LL: TranslationFunctions) => string
  value: (row: R, LL: TranslationFunctions) => CsvCell
}

/**
 * One record as csv-stringify writes it with `escape_formulas` and CRLF (tests/server/csv-export.test.ts
 * compares the two on hostile cells): a number or bigint as its digits, true as 1, false, null
 * and undefined as nothing; `'` before a text starting with =, +, -, @, tab, CR or their
 * full-width forms; quoted when it holds ", comma, CR or LF, with " doubled (csv-stringify 6.9
 * with CRLF records leaves a lone CR or LF unquoted). csv-stringify's own per-cell work (casts,
 * options, a context object per cell) was a tenth of the export's server time in the profile.
 */
export function csvRecord(cells: readonly CsvCell[]): string {
  let line = ''
  for (let i = 0; i < cells.length; i++) {
    if (i > 0) line += ','
    const cell = cells[i]
    if (cell === null || cell === undefined || cell === false || cell === '') continue
    if (cell === true) {
      line += '1'
      continue
    }
    if (typeof cell !== 'string') {
      line += String(cell)
      continue
    }
    let text = FORMULA_START.test(cell) ? `'${cell}` : cell
    if (NEEDS_QUOTES.test(text)) text = `"${text.replaceAll('"', '""')}"`
    line += text
  }
  return `${line}\r\n`
}
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/
const NEEDS_QUOTES = /[",\r\n]/

/**
 * Rows per keyset query: a million rows take 2,000 queries. At 1,000 a batch's JSON text (≈ 200 KB)
 * went to V8's large-object space, which only a full collection frees: the embedded server's RSS
 * grew by 52 MB during the export, 45 MB at 500 (docs/csv.md).
 */
export const EXPORT_BATCH = 500

/**
 * On the embedded database an export reads its next batch only once the requests that came in
 * before have been answered, waiting at most this long: a batch holds the one connection and the
 * event loop for tens of milliseconds, and a page asked meanwhile would otherwise wait behind one
 * batch after another (its token check, its query). Requests that come in while it waits do not
 * hold it longer, so a steady reader cannot stall the file. On PostgreSQL the batch runs in the
 * database's process and the loop stays free: one turn of the loop is enough.
 */
export const EXPORT_YIELD_MS = 50

/** One turn of the event loop; on PGlite, then until the requests in flight now are answered. */
async function othersFirst(db: Db, requests: RequestsInFlight, capMs: number) {
  await new Promise((resolve) => setImmediate(resolve))
  if (db.kind !== 'pglite') return
  const upto = requests.newest
  const until = performance.now() + capMs
  while (requests.anyUpTo(upto) && performance.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 1))
}

/**
 * The language of an export's headers and words: the first of Accept-Language's tags (by q) that
 * the console speaks, else English. The console sends its own language there.
 */
export function exportLocale(header: string | undefined): Locales {
  const tags = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';')
      const q = rest.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined)
      return {
        tag: tag.toLowerCase().split('-')[0] ?? '',
        q: q === undefined ? 1 : Number(q),
        index,
      }
    })
    .filter((t) => t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
  return tags.map((t) => t.tag).find(isLocale) ?? 'en'
}

// 2026-11-28T06:45:35.123Z → 20261128-064535: sortable, and legal in every file system.
const stamp = (at: Date) =>
  at
    .toISOString()
    .replace(/\.\d+Z$/, '')
    .replace(/[-:]/g, '')
    .replace('T', '-')

/** `attachment; filename="audit-log-20261128-064535.csv"`: what, and when it was taken (UTC). */
export const exportFileName = (what: string, at: Date) => `${what}-${stamp(at)}.csv`

/**
 * A column whose cell the database writes (csvBatch): `sql` is its cell's text over the batch's
 * row `b`, already a CSV field — `csv_cell(…)` for text (migration 021: quoted and defused as
 * csvRecord does), a number as it is — given the reader's words and a function that adds a
 * parameter and names it.
 */
export interface SqlCsvColumn {
  header: (LL: TranslationFunctions) => string
  sql: (LL: TranslationFunctions, param: (value: unknown) => string) => string
}

interface ExportOf<K extends string> {
  /** The file name's first part, e.g. `audit-log`. */
  what: string
  spec: ListSpec<K>
  query: Pick<ListQuery<K>, 'order_by' | 'order_direction' | 'search'>
}

/** A list's export: rows read as objects, each cell written here. */
export interface CsvExport<K extends string, R extends object> extends ExportOf<K> {
  columns: readonly CsvColumn<R>[]
}

/** An export whose records the database writes: the audit log's, a million rows. */
export interface SqlCsvExport<K extends string> extends ExportOf<K> {
  columns: readonly SqlCsvColumn[]
}

type Batch = { text: string; mark: KeysetMark | null }

/**
 * The next batch's text, by the export's kind. Turning rows into text is the other half of a
 * batch's time when the server does it: `othersFirst` runs between the two halves.
 */
function batches<K extends string, R extends object>(
  q: Db,
  job: CsvExport<K, R> | SqlCsvExport<K>,
  LL: TranslationFunctions,
  othersFirst: () => Promise<void>,
): (mark: KeysetMark | null) => Promise<Batch> {
  if (isSql(job)) {
    const { columns } = job
    const record = (param: (value: unknown) => string) =>
      `concat(${columns.map((column) => column.sql(LL, param)).join(", ',', ")}, E'\\r\\n')`
    return (mark) => csvBatch(q, job.spec, job.query, mark, EXPORT_BATCH, record)
  }
  const { columns } = job
  const cells = (row: R) => columns.map((column) => column.value(row, LL) ?? '')
  return async (mark) => {
    const batch = await keysetBatch<K, R>(q, job.spec, job.query, mark, EXPORT_BATCH)
    await othersFirst()
    let text = ''
    for (const row of batch.rows) text += csvRecord(cells(row))
    return { text, mark: batch.mark }
  }
}
const isSql = <K extends string, R extends object>(
  job: CsvExport<K, R> | SqlCsvExport<K>,
): job is SqlCsvExport<K> => job.columns.every((column) => 'sql' in column)

/**
 * The list as a CSV stream (RFC 4180: CRLF, fields quoted where needed, by csv-stringify; a UTF-8
 * byte order mark, so spreadsheets read the text as UTF-8). A batch is read only when the client
 * has taken the previous one (the stream's pull), so a slow reader holds the server to one batch;
 * a closed connection cancels the stream and no further batch is read. Cells that a spreadsheet
 * would run as a formula (=, +, -, @, tab, CR first) get a leading ' (escape_formulas, as OWASP
 * recommends); a negative number stays a number.
 */
export function csvResponse<K extends string, R extends object>(
  c: Context,
  s: { db: Db; requests: RequestsInFlight },
  job: CsvExport<K, R> | SqlCsvExport<K>,
): Response {
  const LL = i18nObject(exportLocale(c.req.header('Accept-Language')))
  const encoder = new TextEncoder()
  const next = batches(s.db, job, LL, () => othersFirst(s.db, s.requests, EXPORT_YIELD_MS))
  let mark: KeysetMark | null = null
  let first = true
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (first) {
        first = false
        const header = stringify([job.columns.map((column) => column.header(LL))], {
          escape_formulas: true,
          record_delimiter: 'windows',
          bom: true,
        })
        controller.enqueue(encoder.encode(header))
      }
      // PGlite answers without real I/O: batch, enqueue and the next pull would chain as promises
      // and never let the event loop read another request off its socket — every other caller
      // waited for the whole export. One turn of the loop between batches lets them in, and the
      // export waits while they are answered (othersFirst).
      await othersFirst(s.db, s.requests, EXPORT_YIELD_MS)
      const batch = await next(mark)
      if (batch.text !== '') controller.enqueue(encoder.encode(batch.text))
      mark = batch.mark
      if (mark === null) controller.close()
    },
  })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFileName(job.what, new Date())}"`,
    },
  })
}
