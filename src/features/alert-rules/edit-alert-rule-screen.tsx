import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { usePerform } from '../../actions/action-host'
import { alertRuleDetail } from '../../api/alert-rules'
import { pathTo } from '../../contract/pages'
import { useSession } from '../../session/session-context'
import { Button } from '../../ui/button'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { DetailState, useDetail } from '../../ui/detail-state'
import { showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { alertRuleVerbs } from './alert-rule-actions'
import { AlertRuleForm } from './alert-rule-form'
import { valuesOf } from './alert-rule-form-model'
import { useUpdateAlertRule } from './use-alert-rule-mutations'

/** /alert-rules/edit/:id — saving returns to the list on the rule's row. */
export function EditAlertRuleScreen() {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const { can } = useSession()
  const perform = usePerform()
  const detail = useDetail(alertRuleDetail, (rule) => rule.name)
  const { id, item: rule } = detail
  const update = useUpdateAlertRule(id)
  if (!rule)
    return (
      <DetailState
        title={LL.alertRules.editTitle()}
        notFound={LL.alertRules.notFound()}
        detail={detail}
      />
    )
  const back = () => navigate(listPlacePath(pathTo('alert-rules')))
  const title = LL.alertRules.editNamed({ name: rule.name })
  return (
    <Page title={title}>
      <AlertRuleForm
        key={rule.rule_id}
        label={title}
        initial={valuesOf(rule)}
        submitLabel={LL.common.save()}
        onCancel={back}
        onSubmit={async (input) => {
          const saved = await update.mutateAsync(input)
          showToast(LL.alertRules.saved_notice({ name: saved.name }))
          back()
        }}
        extraActions={
          can(alertRuleVerbs.delete.needs.anyOf) ? (
            <Button tone="danger" onClick={() => perform(alertRuleVerbs.delete, rule)}>
              {LL.alertRules.delete()}
            </Button>
          ) : null
        }
      />
    </Page>
  )
}
