import type { Context } from 'hono'
import { stringify } from 'csv-stringify/sync'
import type { Locales, TranslationFunctions } from '../../i18n/i18n-types'
import { i18nObject, isLocale } from '../../i18n/i18n-util'
import { loadAllLocales } from '../../i18n/i18n-util.sync'
import type { ListQuery } from '../../src/contract/list'
import type { Queryable } from '../db/database'
import type { ListSpec } from './list'
import { keysetBatch, type JsonRows, type KeysetMark } from './list-keyset'

loadAllLocales()

export type CsvCell = string | number | boolean | null | undefined

/** One column of an export: its header in the reader's language and its value as the screen shows it. */
export interface CsvColumn<R> {
  header: (LL: TranslationFunctions) => string
  value: (row: R, LL: TranslationFunctions) => CsvCell
}

/** Rows per keyset query: large enough that a million rows take 1,000 queries, small in memory. */
export const EXPORT_BATCH = 1000

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

export interface CsvExport<K extends string, R extends object> {
  /** The file name's first part, e.g. `audit-log`. */
  what: string
  spec: ListSpec<K>
  query: Pick<ListQuery<K>, 'order_by' | 'order_direction' | 'search'>
  columns: readonly CsvColumn<R>[]
  /** Read each batch as one JSON array (list-keyset.ts, JsonRows), naming its timestamp columns. */
  json?: JsonRows
}

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
  q: Queryable,
  job: CsvExport<K, R>,
): Response {
  const LL = i18nObject(exportLocale(c.req.header('Accept-Language')))
  const encoder = new TextEncoder()
  const options = { escape_formulas: true, record_delimiter: 'windows' } as const
  const cells = (row: R) => job.columns.map((column) => column.value(row, LL) ?? '')
  let mark: KeysetMark | null = null
  let first = true
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (first) {
        first = false
        const header = stringify([job.columns.map((column) => column.header(LL))], {
          ...options,
          bom: true,
        })
        controller.enqueue(encoder.encode(header))
      }
      // PGlite answers without real I/O: batch, enqueue and the next pull would chain as promises
      // and never let the event loop read another request off its socket — every other caller
      // waited for the whole export. One turn of the loop between batches lets them in.
      await new Promise((resolve) => setImmediate(resolve))
      const batch: { rows: R[]; mark: KeysetMark | null } = await keysetBatch<K, R>(
        q,
        job.spec,
        job.query,
        mark,
        EXPORT_BATCH,
        job.json,
      )
      if (batch.rows.length > 0) {
        controller.enqueue(encoder.encode(stringify(batch.rows.map(cells), options)))
      }
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
