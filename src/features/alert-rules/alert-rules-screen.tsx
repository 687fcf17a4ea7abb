import { useMemo } from 'react'
import { Link, useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { usePerform } from '../../actions/action-host'
import { alertRuleList, type AlertRuleSort } from '../../api/alert-rules'
import type { AlertRule } from '../../contract/alerts'
import type { ListViewDefaults } from '../../contract/list-view'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { useSession } from '../../session/session-context'
import { buttonClass } from '../../ui/button'
import { DataTable } from '../../ui/data-table/data-table'
import { errorText } from '../../ui/data-table/error-text'
import { Page } from '../../ui/page'
import { alertRuleVerbs } from './alert-rule-actions'
import { alertRuleColumns, eventsText, scopeText } from './alert-rule-columns'

const defaults: ListViewDefaults<AlertRuleSort> = {
  orderBy: 'name',
  orderDirection: 'asc',
  sortable: ['name', 'severity'],
}

const getRowId = (rule: AlertRule) => String(rule.rule_id)

/** /alert-rules: org admins write them; staff and auditors read them. */
export function AlertRulesScreen() {
  const { LL } = useI18nContext()
  const { can } = useSession()
  const [, navigate] = useLocation()
  const perform = usePerform()
  const canUpdate = can(needs('alert_rules', 'update'))
  const columns = useMemo(
    () =>
      alertRuleColumns({
        LL,
        canUpdate,
        onDelete: (rule) => perform(alertRuleVerbs.delete, rule),
      }),
    [LL, canUpdate, perform],
  )
  const rowActions = useMemo(
    () =>
      canUpdate
        ? {
            open: (rule: AlertRule) => perform(alertRuleVerbs.edit, rule),
            edit: (rule: AlertRule) => perform(alertRuleVerbs.edit, rule),
            remove: (rule: AlertRule) => perform(alertRuleVerbs.delete, rule),
          }
        : {},
    [canUpdate, perform],
  )
  const describeRow = (rule: AlertRule) =>
    LL.alertRules.row({
      name: rule.name,
      events: eventsText(LL, rule),
      scope: scopeText(LL, rule),
      severity: LL.answers.severity[rule.severity](),
    })
  return (
    <Page
      title={LL.alertRules.title()}
      intro={LL.alertRules.intro()}
      actions={
        canUpdate ? (
          <Link className={buttonClass()} href={pathTo('alert-rules-create')}>
            {LL.alertRules.create()}
          </Link>
        ) : null
      }
    >
      <DataTable
        label={LL.alertRules.gridLabel()}
        searchLabel={LL.alertRules.search()}
        emptyMessage={LL.alertRules.empty()}
        columns={columns}
        source={alertRuleList}
        defaults={defaults}
        getRowId={getRowId}
        describeRow={describeRow}
        rowActions={rowActions}
        onCreate={canUpdate ? () => navigate(pathTo('alert-rules-create')) : undefined}
        errorMessage={(error) => errorText(LL, error)}
      />
    </Page>
  )
}
