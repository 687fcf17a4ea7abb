import type { TranslationFunctions } from '../../i18n/i18n-types'
import type { ErrorBody } from '../contract/errors'
import type { ImportOutcome } from '../contract/user-import'
import { problemText } from '../ui/form/problem-text'
import type { ImportAnswer, ImportAnswerRow, ImportKind } from './import-kind'

export type ImportTally = Record<ImportOutcome, number>

/** How many rows the answer gives each outcome. */
export function tally(results: readonly ImportAnswerRow[]): ImportTally {
  const counts: ImportTally = { create: 0, update: 0, unchanged: 0, error: 0 }
  for (const row of results) counts[row.outcome] += 1
  return counts
}

/** What an import created (the users to invite): none when nothing was written. */
export const createdIds = (result: ImportAnswer): number[] =>
  result.written
    ? result.results.flatMap((row) => (row.outcome === 'create' && row.id !== null ? [row.id] : []))
    : []

type Columns = TranslationFunctions['csv']['columns']

/**
 * A field as its column is headed in the user's language (`permissions.0` is the Permissions
 * column); a field with no column (the whole row) is a dash.
 */
export function fieldLabel(LL: TranslationFunctions, field: string | undefined): string {
  const name = field?.split('.')[0]
  if (name === undefined || name === '' || name === 'file') return '—'
  return name in LL.csv.columns ? LL.csv.columns[name as keyof Columns]() : name
}

const codeText: Partial<Record<ErrorBody['error'], (LL: TranslationFunctions) => string>> = {
  not_found: (LL) => LL.form.notFound(),
  forbidden: (LL) => LL.form.forbidden(),
}

/**
 * A refused row's reason in the user's language: by its rule code as the form words it, a
 * duplicate inside the file naming the line that came first; the server's English only for a
 * refusal without a code the console knows.
 */
export function rowProblemText(LL: TranslationFunctions, error: ErrorBody): string {
  const params = error.params ?? {}
  if (error.rule === 'duplicate' && typeof params.line === 'number')
    return LL.csv.import.duplicateOf({ line: params.line, field: fieldLabel(LL, error.field) })
  if (error.rule !== undefined) return problemText(LL, { rule: error.rule, params })
  return codeText[error.error]?.(LL) ?? error.message
}

/** A row's outcome as the results file words it: a rolled-back create or update was not written. */
function outcomeText(LL: TranslationFunctions, row: ImportAnswerRow, written: boolean): string {
  const words = LL.csv.import.outcomes
  if (!written && (row.outcome === 'create' || row.outcome === 'update')) return words.notWritten()
  return words[row.outcome]()
}

/** The results file's records, header first: one a row of the import, in the user's language. */
export function resultRecords(
  LL: TranslationFunctions,
  kind: Pick<ImportKind, 'idColumn'>,
  result: ImportAnswer,
): string[][] {
  const words = LL.csv.import
  const header = [
    words.line(),
    words.outcome(),
    kind.idColumn(LL),
    words.changes(),
    words.field(),
    words.message(),
  ]
  return [
    header,
    ...result.results.map((row) => [
      String(row.line),
      outcomeText(LL, row, result.written),
      row.id === null ? '' : String(row.id),
      row.changes.map((field) => fieldLabel(LL, field)).join('; '),
      row.error === null ? '' : fieldLabel(LL, row.error.field),
      row.error === null ? '' : rowProblemText(LL, row.error),
    ]),
  ]
}

/** The results file's name: what was imported, and when (UTC), as the exports name theirs. */
export function resultFileName(kind: Pick<ImportKind, 'name'>, now: Date): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)
  return `${kind.name}-import-results-${stamp}.csv`
}
