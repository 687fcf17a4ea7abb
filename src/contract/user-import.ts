import { ErrorBody } from './errors'
import {
  array,
  assign,
  boolean,
  enums,
  integer,
  nullable,
  object,
  string,
  type Infer,
  type Struct,
} from './struct'

// POST /org/v1/users/import?dry_run=true|false&rows=all|valid with a text/csv body (docs/csv.md).

export const USERS_IMPORT_PATH = '/org/v1/users/import'

/** The largest file an import takes (the server's body limit on its path, 413) and the most rows (400). */
export interface ImportLimits {
  bytes: number
  rows: number
}

/**
 * 10,000 users in one file: it is judged in memory and written in batches (docs/csv.md), 0.5 s
 * for the dry run and 12.5 s for the import on the embedded database.
 */
export const USERS_IMPORT_LIMITS: ImportLimits = { bytes: 2 * 1024 * 1024, rows: 10_000 }

export const ImportOutcome = enums(['create', 'update', 'unchanged', 'error'])
export type ImportOutcome = Infer<typeof ImportOutcome>

/** A row's answer, whichever import: the user's or credential's id is added by each. */
export const ImportRowBase = object({
  /** The row's line in the file, the header being line 1. */
  line: integer(),
  outcome: ImportOutcome,
  /** The fields the row sets (create) or changes (update). */
  changes: array(string()),
  /** Why the row is refused: the same body as the API's refusal of the same create or update. */
  error: nullable(ErrorBody),
})

export const ImportRow = assign(
  ImportRowBase,
  object({
    /** The user the row names (update, unchanged) or created; null for a dry run's create or an error. */
    user_id: nullable(integer()),
  }),
)
export type ImportRow = Infer<typeof ImportRow>

/**
 * Which rows an import writes: `all` or nothing (one refused row and nothing is written), or only
 * the `valid` ones (the refused rows are reported and skipped).
 */
export const importRowChoices = ['all', 'valid'] as const
export const ImportRows = enums(importRowChoices)
export type ImportRows = Infer<typeof ImportRows>

/** An import's answer, with `row` the import's row answer. */
export const importResultOf = <T, S>(row: Struct<T, S>) =>
  object({
    dry_run: boolean(),
    rows: ImportRows,
    /** Whether the rows reported as created or updated were written: never for a dry run. */
    written: boolean(),
    results: array(row),
  })

export const ImportResult = importResultOf(ImportRow)
export type ImportResult = Infer<typeof ImportResult>
