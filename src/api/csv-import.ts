import { CREDENTIALS_IMPORT_PATH, CredentialImportResult } from '../contract/credential-import'
import { ImportResult, USERS_IMPORT_PATH, type ImportRows } from '../contract/user-import'
import type { Struct } from '../contract/struct'
import { apiRequest } from './client'

// A file at its import's row limit runs every row through the form's rules in one request; the
// credentials import does each row's write under a savepoint (docs/csv.md), which takes minutes on
// the embedded database at the row limit: an ordinary call's 30 s would abandon a request the
// server is still finishing.
const IMPORT_TIMEOUT_MS = 600_000

export interface ImportOptions {
  dryRun: boolean
  rows: ImportRows
  signal?: AbortSignal
}

function postImport<T>(
  schema: Struct<T, unknown>,
  path: string,
  file: Blob,
  options: ImportOptions,
) {
  return apiRequest(schema, {
    method: 'POST',
    path,
    query: { dry_run: String(options.dryRun), rows: options.rows },
    csv: file,
    timeoutMs: IMPORT_TIMEOUT_MS,
    ...(options.signal ? { signal: options.signal } : {}),
  })
}

/**
 * POST /org/v1/users/import: the file as text/csv; a dry run (nothing written) or the import of
 * `rows` (all or nothing, or only the valid ones). The answer is per row (docs/csv.md).
 */
export const importUsers = (file: Blob, options: ImportOptions) =>
  postImport(ImportResult, USERS_IMPORT_PATH, file, options)

/** POST /access/v1/credentials/import: the same as the users import, per credential. */
export const importCredentials = (file: Blob, options: ImportOptions) =>
  postImport(CredentialImportResult, CREDENTIALS_IMPORT_PATH, file, options)
