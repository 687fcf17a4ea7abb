import { useMemo } from 'react'
import { Link, useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { usePerform } from '../../actions/action-host'
import { ruleList, type RuleSort } from '../../api/rules'
import type { AccessRule } from '../../contract/access-model'
import type { ListViewDefaults } from '../../contract/list-view'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { useSession } from '../../session/session-context'
import { buttonClass } from '../../ui/button'
import { DataTable } from '../../ui/data-table/data-table'
import { errorText } from '../../ui/data-table/error-text'
import { Page } from '../../ui/page'
import { deleteRuleAction } from './rule-actions'
import { ruleColumns } from './rule-columns'
import { placesText } from './rule-names'

const defaults: ListViewDefaults<RuleSort> = {
  orderBy: 'name',
  orderDirection: 'asc',
  sortable: ['name'],
}

const getRowId = (rule: AccessRule) => String(rule.rule_id)

/** /rules: which groups may open which places, and when. */
export function RulesScreen() {
  const { LL, locale } = useI18nContext()
  const { can } = useSession()
  const [, navigate] = useLocation()
  const perform = usePerform()
  const canUpdate = can(needs('access_rules', 'update'))
  const canDelete = can(deleteRuleAction.needs.anyOf ?? [])
  const date = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  )
  const columns = useMemo(
    () =>
      ruleColumns({
        LL,
        date,
        onDelete: canDelete ? (rule) => perform(deleteRuleAction, rule) : null,
      }),
    [LL, date, canDelete, perform],
  )
  const rowActions = useMemo(
    () => ({
      open: (rule: AccessRule) => navigate(pathTo('rules-view', { id: rule.rule_id })),
      ...(canUpdate
        ? { edit: (rule: AccessRule) => navigate(pathTo('rules-edit', { id: rule.rule_id })) }
        : {}),
      ...(canDelete ? { remove: (rule: AccessRule) => perform(deleteRuleAction, rule) } : {}),
    }),
    [navigate, perform, canUpdate, canDelete],
  )
  const describeRow = (rule: AccessRule) =>
    LL.rules.row({
      name: rule.name,
      groups: LL.rules.groupCount({ count: rule.group_ids.length }),
      places: placesText(LL, rule),
      schedule: rule.schedule_id === null ? LL.rules.anyTime() : LL.rules.onSchedule(),
    })

  return (
    <Page
      title={LL.rules.title()}
      intro={LL.rules.intro()}
      actions={
        canUpdate ? (
          <Link className={buttonClass()} href={pathTo('rules-create')}>
            {LL.rules.create()}
          </Link>
        ) : null
      }
    >
      <DataTable
        label={LL.rules.gridLabel()}
        searchLabel={LL.rules.search()}
        emptyMessage={LL.rules.empty()}
        columns={columns}
        source={ruleList}
        defaults={defaults}
        getRowId={getRowId}
        describeRow={describeRow}
        rowActions={rowActions}
        onCreate={canUpdate ? () => navigate(pathTo('rules-create')) : undefined}
        errorMessage={(error) => errorText(LL, error)}
      />
    </Page>
  )
}
