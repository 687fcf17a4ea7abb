import { ErrorBody } from './errors'
import { array, boolean, enums, integer, nullable, object, string, type Infer } from './struct'

// POST /org/v1/users/import?dry_run=true|false with a text/csv body (docs/csv.md).

/** The largest file the import takes (the server's body limit) and the most rows in one. */
export const IMPORT_MAX_BYTES = 1024 * 1024
export const IMPORT_MAX_ROWS = 5000

export const ImportOutcome = enums(['create', 'update', 'unchanged', 'error'])
export type ImportOutcome = Infer<typeof ImportOutcome>

export const ImportRow = object({
  /** The row's line in the file, the header being line 1. */
  line: integer(),
  outcome: ImportOutcome,
  /** The fields the row sets (create) or changes (update). */
  changes: array(string()),
  /** Why the row is refused: the same body as the API's refusal of the same create or update. */
  error: nullable(ErrorBody),
  /** The user the row names (update, unchanged) or created; null for a dry run's create or an error. */
  user_id: nullable(integer()),
})
export type ImportRow = Infer<typeof ImportRow>

export const ImportResult = object({ dry_run: boolean(), results: array(ImportRow) })
export type ImportResult = Infer<typeof ImportResult>
