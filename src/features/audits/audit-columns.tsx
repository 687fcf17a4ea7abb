import { createColumnHelper } from '@tanstack/react-table'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import type { AuditEntry } from '../../contract/audits'
import * as tableStyles from '../../ui/data-table/data-table.css'
import type { DataTableFeatures } from '../../ui/data-table/features'
import * as styles from './audits.css'
import { auditDetailText } from '../../lib/answer-text'
import { WhenCell } from '../../ui/moment'

const helper = createColumnHelper<DataTableFeatures, AuditEntry>()

interface AuditColumnContext {
  LL: TranslationFunctions
  now: number
  exact: Intl.DateTimeFormat
}

// Widths: minSize is the least a column takes, size its share of the rest (DataTable); Detail's free
// text gets the largest share, the relative time of When a small one.
// Column ids are the server's order_by names. "When" sorts by audit_id: ids grow with time, so the
// order is the same as created_at, and audit_id is the key the server pages deep offsets by.
export function auditColumns({ LL, now, exact }: AuditColumnContext) {
  return helper.columns([
    helper.accessor('created_at', {
      id: 'audit_id',
      header: LL.audits.when(),
      minSize: 150,
      size: 170,
      sortDescFirst: true,
      cell: (info) => <WhenCell at={info.getValue()} now={now} exact={exact} />,
    }),
    helper.accessor('device_name', {
      id: 'device_name',
      header: LL.audits.device(),
      minSize: 180,
      size: 240,
      meta: { cellClass: styles.device },
    }),
    helper.accessor('command', {
      id: 'command',
      header: LL.audits.command(),
      minSize: 110,
      size: 120,
      cell: (info) => LL.audits.commands[info.getValue()](),
    }),
    helper.accessor('result', {
      id: 'result',
      header: LL.audits.result(),
      minSize: 100,
      size: 100,
      cell: (info) => (
        <span className={styles.result({ tone: info.getValue() })}>
          {info.getValue() === 'success' ? LL.audits.success() : LL.audits.failure()}
        </span>
      ),
    }),
    helper.accessor('actor_email', {
      id: 'user_id',
      header: LL.audits.actor(),
      minSize: 170,
      size: 200,
    }),
    helper.accessor((entry) => auditDetailText(LL, entry, (iso) => exact.format(Date.parse(iso))), {
      id: 'detail',
      header: LL.audits.detail(),
      minSize: 160,
      size: 320,
      enableSorting: false,
      meta: { cellClass: tableStyles.muted },
    }),
  ])
}
