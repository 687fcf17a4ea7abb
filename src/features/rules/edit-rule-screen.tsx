import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { usePerform } from '../../actions/action-host'
import { ruleDetail } from '../../api/rules'
import { usePageSubject } from '../../commands/page-subject'
import { pathTo } from '../../contract/pages'
import { useSession } from '../../session/session-context'
import { Button } from '../../ui/button'
import { DetailState, useDetail } from '../../ui/detail-state'
import { showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { deleteRuleAction } from './rule-actions'
import { RuleForm } from './rule-form'
import { valuesOf } from './rule-form-model'
import { useUpdateRule } from './use-rule-mutations'

/** /rules/edit/:id — saving returns to the rule's page. */
export function EditRuleScreen() {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const { can } = useSession()
  const perform = usePerform()
  const detail = useDetail(ruleDetail, (rule) => rule.name)
  const { id, item: rule } = detail
  usePageSubject('rules', rule)
  const update = useUpdateRule(id)

  if (!rule)
    return (
      <DetailState title={LL.rules.editTitle()} notFound={LL.rules.notFound()} detail={detail} />
    )

  const back = () => navigate(pathTo('rules-view', { id: rule.rule_id }))
  return (
    <Page title={LL.rules.editNamed({ name: rule.name })}>
      <RuleForm
        key={rule.rule_id}
        label={LL.rules.editNamed({ name: rule.name })}
        initial={valuesOf(rule)}
        submitLabel={LL.common.save()}
        onCancel={back}
        onSubmit={async (input) => {
          const saved = await update.mutateAsync(input)
          showToast(LL.rules.saved_notice({ name: saved.name }))
          back()
        }}
        extraActions={
          can(deleteRuleAction.needs.anyOf ?? []) ? (
            <Button tone="danger" onClick={() => perform(deleteRuleAction, rule)}>
              {LL.rules.delete()}
            </Button>
          ) : null
        }
      />
    </Page>
  )
}
