import { createColumnHelper } from '@tanstack/react-table'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import type { JournalEntry } from '../../contract/journal'
import { NOTHING } from '../../lib/journal-text'
import { actorText, targetText } from '../../journal/journal-words'
import * as tableStyles from '../../ui/data-table/data-table.css'
import type { DataTableFeatures } from '../../ui/data-table/features'
import { WhenCell } from '../../ui/moment'
import * as styles from './journal.css'

const helper = createColumnHelper<DataTableFeatures, JournalEntry>()

interface JournalColumnContext {
  LL: TranslationFunctions
  now: number
  exact: Intl.DateTimeFormat
  /** An organization's name by id; undefined while unknown (the id is shown). */
  organizationName: (id: number) => string | undefined
}

/** The organization a row belongs to, by name when the reader may see it. */
export function organizationText(
  id: number | null,
  organizationName: (id: number) => string | undefined,
): string {
  return id === null ? NOTHING : (organizationName(id) ?? `#${id}`)
}

// Column ids are the server's order_by names. "When" sorts by journal_id: time order is id order
// (migration 013), and the id is what deep pages are read by. The rest are not sortable: the
// journal's indexes serve its filters, not an order by actor or target.
export function journalColumns({ LL, now, exact, organizationName }: JournalColumnContext) {
  return helper.columns([
    helper.accessor('at', {
      id: 'journal_id',
      header: LL.journal.when(),
      minSize: 150,
      size: 170,
      sortDescFirst: true,
      cell: (info) => <WhenCell at={info.getValue()} now={now} exact={exact} />,
    }),
    helper.accessor('actor_email', {
      id: 'actor',
      header: LL.journal.actor(),
      minSize: 170,
      size: 200,
      enableSorting: false,
      cell: (info) => actorText(LL, info.row.original),
    }),
    helper.accessor('action', {
      id: 'action',
      header: LL.journal.action(),
      minSize: 120,
      size: 130,
      enableSorting: false,
      cell: (info) => LL.journal.actions[info.getValue()](),
    }),
    helper.accessor('target_name', {
      id: 'target',
      header: LL.journal.target(),
      minSize: 180,
      size: 300,
      enableSorting: false,
      meta: { cellClass: styles.target },
      cell: (info) => targetText(LL, info.row.original),
    }),
    // Rendered, not an accessor's value: the names arrive after the rows, and a row keeps the
    // values its accessors gave until its data changes.
    helper.accessor('organization_id', {
      id: 'organization',
      header: LL.journal.organization(),
      minSize: 140,
      size: 160,
      enableSorting: false,
      meta: { cellClass: tableStyles.muted },
      cell: (info) => organizationText(info.getValue(), organizationName),
    }),
  ])
}
