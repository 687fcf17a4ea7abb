import { createColumnHelper } from '@tanstack/react-table'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import type { AccessRule } from '../../contract/access-model'
import { pathTo } from '../../contract/pages'
import { deleteColumn, nameColumn } from '../../ui/data-table/common-columns'
import * as tableStyles from '../../ui/data-table/data-table.css'
import type { DataTableFeatures } from '../../ui/data-table/features'
import { GroupNames, placesText, ScheduleName, validityText } from './rule-names'

const helper = createColumnHelper<DataTableFeatures, AccessRule>()

interface RuleColumnContext {
  LL: TranslationFunctions
  date: Intl.DateTimeFormat
  /** Asks to delete the row's rule; null when the user may not. */
  onDelete: ((rule: AccessRule) => void) | null
}

export function ruleColumns({ LL, date, onDelete }: RuleColumnContext) {
  return helper.columns([
    nameColumn<AccessRule>({
      header: LL.rules.name(),
      href: (rule) => pathTo('rules-view', { id: rule.rule_id }),
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
    ...(onDelete
      ? [
          deleteColumn<AccessRule>({
            header: LL.rules.actions(),
            text: LL.rules.delete(),
            label: (rule) => LL.rules.deleteNamed({ name: rule.name }),
            onDelete,
          }),
        ]
      : []),
  ])
}
