import { ErrorBody } from './errors'
import { array, boolean, integer, nullable, object, string, type Infer } from './struct'
import { ImportOutcome, ImportRows } from './user-import'

// POST /access/v1/credentials/import?dry_run=true|false&rows=all|valid with a text/csv body
// (docs/csv.md): the users import's limits, rows choice and outcomes, per credential.

export const CREDENTIALS_IMPORT_PATH = '/access/v1/credentials/import'

export const CredentialImportRow = object({
  /** The row's line in the file, the header being line 1. */
  line: integer(),
  outcome: ImportOutcome,
  /** The fields the row sets (create) or changes (update). */
  changes: array(string()),
  /** Why the row is refused: the same body as the API's refusal of the same create or update. */
  error: nullable(ErrorBody),
  /** The credential the row names (update, unchanged) or created; null for a dry run's create. */
  credential_id: nullable(integer()),
})
export type CredentialImportRow = Infer<typeof CredentialImportRow>

export const CredentialImportResult = object({
  dry_run: boolean(),
  rows: ImportRows,
  /** Whether the rows reported as created or updated were written: never for a dry run. */
  written: boolean(),
  results: array(CredentialImportRow),
})
export type CredentialImportResult = Infer<typeof CredentialImportResult>
