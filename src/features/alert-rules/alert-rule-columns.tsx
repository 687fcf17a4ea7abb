import { createColumnHelper } from '@tanstack/react-table'
import { Link } from 'wouter'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import { eventWordKey, type AlertRule } from '../../contract/alerts'
import { pathTo } from '../../contract/pages'
import { deleteColumn } from '../../ui/data-table/common-columns'
import type { DataTableFeatures } from '../../ui/data-table/features'
import { SeverityBadge } from '../../ui/severity-badge'
import * as styles from './alert-rules.css'

const helper = createColumnHelper<DataTableFeatures, AlertRule>()

/** "Door held open after 60 s, Door forced open". */
export function eventsText(LL: TranslationFunctions, rule: AlertRule): string {
  return rule.event_types
    .map((type) => {
      const words = LL.answers.alertEvent[eventWordKey(type)]()
      return rule.threshold_s > 0 && (type === 'door.held_open' || type === 'device.disconnected')
        ? `${words} ${LL.alertRules.thresholdShort({ seconds: rule.threshold_s })}`
        : words
    })
    .join(', ')
}

export const scopeText = (LL: TranslationFunctions, rule: AlertRule) =>
  `${LL.alertRules.scopeKinds[rule.scope.kind]()} ${rule.scope.name}`

interface AlertRuleColumnContext {
  LL: TranslationFunctions
  canUpdate: boolean
  onDelete: (rule: AlertRule) => void
}

// Column ids are the server's order_by names where the column sorts.
export function alertRuleColumns({ LL, canUpdate, onDelete }: AlertRuleColumnContext) {
  const columns = helper.columns([
    helper.accessor('name', {
      id: 'name',
      header: LL.alertRules.name(),
      size: 220,
      cell: (info) =>
        canUpdate ? (
          <Link
            className={styles.nameLink}
            href={pathTo('alert-rules-edit', { id: info.row.original.rule_id })}
          >
            {info.getValue()}
          </Link>
        ) : (
          info.getValue()
        ),
    }),
    helper.display({
      id: 'events',
      header: LL.alertRules.events(),
      size: 240,
      enableSorting: false,
      cell: (info) => eventsText(LL, info.row.original),
    }),
    helper.display({
      id: 'scope',
      header: LL.alertRules.scope(),
      size: 200,
      enableSorting: false,
      cell: (info) => scopeText(LL, info.row.original),
    }),
    helper.accessor('severity', {
      id: 'severity',
      header: LL.alertRules.severity(),
      size: 110,
      cell: (info) => <SeverityBadge severity={info.getValue()} />,
    }),
    deleteColumn<AlertRule>({
      header: LL.alertRules.actions(),
      text: LL.alertRules.delete(),
      label: (rule) => LL.alertRules.deleteNamed({ name: rule.name }),
      onDelete,
    }),
  ])
  return canUpdate ? columns : columns.filter((column) => column.id !== 'actions')
}
