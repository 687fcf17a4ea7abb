import { ImportResult, USERS_IMPORT_PATH, type ImportRows } from '../contract/user-import'
import { apiRequest } from './client'

// A file of IMPORT_MAX_ROWS rows runs every row's create through the form's rules in one request:
// 20–40 ms a row on the embedded database (docs/csv.md), ≈ 3 minutes for 5,000 rows; an ordinary
// call's 30 s would abandon a request the server is still finishing.
const IMPORT_TIMEOUT_MS = 600_000

/**
 * POST /org/v1/users/import: the file as text/csv; a dry run (nothing written) or the import of
 * `rows` (all or nothing, or only the valid ones). The answer is per row (docs/csv.md).
 */
export function importUsers(
  file: Blob,
  options: { dryRun: boolean; rows: ImportRows; signal?: AbortSignal },
) {
  return apiRequest(ImportResult, {
    method: 'POST',
    path: USERS_IMPORT_PATH,
    query: { dry_run: String(options.dryRun), rows: options.rows },
    csv: file,
    timeoutMs: IMPORT_TIMEOUT_MS,
    ...(options.signal ? { signal: options.signal } : {}),
  })
}
