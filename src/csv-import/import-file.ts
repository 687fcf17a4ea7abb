import type { TranslationFunctions } from '../../i18n/i18n-types'
import { saveFile } from '../api/list-export'
import type { ImportAnswer, ImportKind } from './import-kind'
import { resultFileName, resultRecords } from './import-model'

/**
 * Saves an import's per-row results as CSV, built in the browser from the JSON answer with
 * csv-stringify's browser build (loaded on the first download), quoted and formula-escaped as the
 * server's exports are.
 */
export async function downloadResults(
  LL: TranslationFunctions,
  kind: ImportKind,
  result: ImportAnswer,
) {
  const { stringify } = await import('csv-stringify/browser/esm/sync')
  const text = stringify(resultRecords(LL, kind, result), {
    bom: true,
    escape_formulas: true,
    record_delimiter: 'windows',
  })
  saveFile(new Blob([text], { type: 'text/csv;charset=utf-8' }), resultFileName(kind, new Date()))
}
