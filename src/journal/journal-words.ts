import type { TranslationFunctions } from '../../i18n/i18n-types'
import { Repetition } from '../contract/credentials'
import type { JournalEntry } from '../contract/journal'
import { is } from '../contract/struct'
import { daysText } from '../lib/credential-text'
import { changeLines, changeSummary, type ValueWords } from '../lib/journal-text'

// A journal row in the reader's words, for the Journal screen and an entity's History section.

export function actorText(LL: TranslationFunctions, entry: JournalEntry): string {
  return entry.actor_email ?? LL.journal.nobody()
}

/** "User anna@example.com": the target's kind and its name as it was then. */
export function targetText(LL: TranslationFunctions, entry: JournalEntry): string {
  const name =
    entry.target_name ?? (entry.target_id === null ? LL.journal.unnamed() : `#${entry.target_id}`)
  return LL.journal.targetText({ type: LL.journal.targetTypes[entry.target_type](), name })
}

/** A field's name in words; a field the words do not know yet keeps the server's name. */
export function fieldLabel(LL: TranslationFunctions, field: string): string {
  const fields: Record<string, (() => string) | undefined> = LL.journal.fields
  return fields[field]?.() ?? field
}

export function valueWords(LL: TranslationFunctions, exact: Intl.DateTimeFormat): ValueWords {
  return {
    time: (iso) => exact.format(Date.parse(iso)),
    yes: LL.journal.yes(),
    no: LL.journal.no(),
    // A repetition as the credentials list says it: "Daily", "Mon–Fri".
    object: (value) =>
      is(value, Repetition)
        ? value.type === 'daily'
          ? LL.credentials.schedule.daily()
          : daysText(LL, value.weekdays)
        : null,
  }
}

/** The row's changes in one short line: the first few as before → after, then how many more. */
export function changesInShort(
  LL: TranslationFunctions,
  entry: JournalEntry,
  exact: Intl.DateTimeFormat,
): string {
  return changeSummary(
    changeLines(entry.changes, valueWords(LL, exact)),
    (field) => fieldLabel(LL, field),
    (count) => LL.journal.more({ count }),
  )
}
