import type { TranslationFunctions } from '../../i18n/i18n-types'
import type { ImportOptions } from '../api/csv-import'
import type { ResourceKeys } from '../api/queries'
import type { Needs } from '../commands/command'
import type { ErrorBody } from '../contract/errors'
import type { ImportLimits, ImportOutcome, ImportRows } from '../contract/user-import'

/** One row of an import's answer, whichever import: `id` is its user's or credential's. */
export interface ImportAnswerRow {
  line: number
  outcome: ImportOutcome
  changes: readonly string[]
  error: ErrorBody | null
  /** What the row names (update, unchanged) or created; null for a dry run's create or an error. */
  id: number | null
}

/** An import's answer, its rows in file order. */
export interface ImportAnswer {
  dry_run: boolean
  rows: ImportRows
  written: boolean
  results: readonly ImportAnswerRow[]
}

/**
 * A step after a written import, asked for with a checkbox in the review (the users import's
 * invitations): it runs for the created rows' ids and reports how many it did and refused.
 */
export interface ImportFollowUp {
  /** The permissions of which the caller needs one to be offered the step. */
  anyOf: readonly string[]
  label: (LL: TranslationFunctions) => string
  hint: (LL: TranslationFunctions) => string
  progress: (LL: TranslationFunctions, done: number, count: number) => string
  summary: (LL: TranslationFunctions, outcome: FollowUpOutcome) => string
  run: (ids: readonly number[], onEach: () => void) => Promise<FollowUpOutcome>
}

export interface FollowUpOutcome {
  sent: number
  refused: number
}

type Words = TranslationFunctions['csv']['import']['users']

/** What one import is: its words, its request, what it refreshes, and who may run it. */
export interface ImportKind {
  /** The palette command's id stem, the file input's id and the results file's name stem. */
  name: 'users' | 'credentials'
  words: (LL: TranslationFunctions) => Words
  /** The id column's heading in the results file. */
  idColumn: (LL: TranslationFunctions) => string
  /** Words the palette command is also found by. */
  keywords: readonly string[]
  needs: Needs
  /** The file's size and rows the server takes, said beside the file input. */
  limits: ImportLimits
  send: (file: Blob, options: ImportOptions) => Promise<ImportAnswer>
  /** The lists a written import refetches (any sort: `never` takes every resource's keys). */
  keys: ResourceKeys<never>
  /** Offered when the caller may run it and the dry run would create rows. */
  followUp?: ImportFollowUp
}
