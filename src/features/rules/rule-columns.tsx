import { createColumnHelper } from '@tanstack/react-table'
import { Link } from 'wouter'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import type { AccessRule } from '../../contract/access-model'
import { pathTo } from '../../contract/pages'
import { Button } from '../../ui/button'
import * as tableStyles from '../../ui/data-table/data-table.css'
import type { DataTableFeatures } from '../../ui/data-table/features'
import { GroupNames, placesText, ScheduleName, validityText } from './rule-names'
import * as styles from './rules.css'

const helper = createColumnHelper<DataTableFeatures, AccessRule>()

interface RuleColumnContext {
  LL: TranslationFunctions
  date: Intl.DateTimeFormat
  /** Asks to delete the row's rule; null when the user may not. */
  onDelete: ((rule: AccessRule) => void) | null
}

// Column ids are the server's order_by names where the column sorts.
export function ruleColumns({ LL, date, onDelete }: RuleColumnContext) {
  const columns = helper.columns([
    helper.accessor('name', {
      id: 'name',
      header: LL.rules.name(),
      size: 200,
      cell: (info) => (
        <Link
          className={styles.nameLink}
          href={pathTo('rules-view', { id: info.row.original.rule_id })}
        >
          {info.getValue()}
        </Link>
      ),
    }),
    helper.accessor('group_ids', {
      id: 'group_ids',
      header: LL.rules.groups(),
      size: 180,
      enableSorting: false,
      cell: (info) => <GroupNames ids={info.getValue()} />,
    }),
    helper.accessor('targets', {
      id: 'targets',
      header: LL.rules.places(),
      size: 220,
      enableSorting: false,
      cell: (info) => placesText(LL, info.row.original),
    }),
    helper.accessor('schedule_id', {
      id: 'schedule_id',
      header: LL.rules.schedule(),
      size: 160,
      enableSorting: false,
      cell: (info) => <ScheduleName id={info.getValue()} />,
    }),
    helper.display({
      id: 'validity',
      header: LL.rules.validity(),
      size: 180,
      enableSorting: false,
      meta: { cellClass: tableStyles.muted },
      cell: (info) => validityText(LL, info.row.original, date),
    }),
    helper.display({
      id: 'actions',
      header: LL.rules.actions(),
      size: 120,
      enableSorting: false,
      cell: (info) => (
        <Button
          tone="ghost"
          size="sm"
          aria-label={LL.rules.deleteNamed({ name: info.row.original.name })}
          onClick={() => onDelete?.(info.row.original)}
        >
          {LL.rules.delete()}
        </Button>
      ),
    }),
  ])
  return onDelete ? columns : columns.filter((column) => column.id !== 'actions')
}
