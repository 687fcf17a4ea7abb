import { assign, integer, nullable, object, type Infer } from './struct'
import { ImportRowBase, importResultOf, type ImportLimits } from './user-import'

// POST /access/v1/credentials/import?dry_run=true|false&rows=all|valid with a text/csv body
// (docs/csv.md): the users import's rows choice and outcomes, per credential.

export const CREDENTIALS_IMPORT_PATH = '/access/v1/credentials/import'

/**
 * Each row runs the form's own create under a savepoint (the exclusion constraints decide a
 * clash), ≈ 4 ms a row on the embedded database (the users import: ≈ 1 ms): 5,000 rows are 20 s
 * for the dry run and 20 s again for the import.
 */
export const CREDENTIALS_IMPORT_LIMITS: ImportLimits = { bytes: 1024 * 1024, rows: 5000 }

export const CredentialImportRow = assign(
  ImportRowBase,
  object({
    /** The credential the row names (update, unchanged) or created; null for a dry run's create. */
    credential_id: nullable(integer()),
  }),
)
export type CredentialImportRow = Infer<typeof CredentialImportRow>

export const CredentialImportResult = importResultOf(CredentialImportRow)
export type CredentialImportResult = Infer<typeof CredentialImportResult>
