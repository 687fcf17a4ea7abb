import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { pathTo } from '../../contract/pages'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { AlertRuleForm } from './alert-rule-form'
import { emptyValues } from './alert-rule-form-model'
import { useCreateAlertRule } from './use-alert-rule-mutations'

/** /alert-rules/create — a new rule returns to the list on its row. */
export function CreateAlertRuleScreen() {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const create = useCreateAlertRule()
  return (
    <Page title={LL.alertRules.createTitle()} intro={LL.alertRules.intro()}>
      <AlertRuleForm
        initial={emptyValues}
        label={LL.alertRules.createTitle()}
        submitLabel={LL.common.create()}
        onCancel={() => navigate(listPlacePath(pathTo('alert-rules')))}
        onSubmit={async (input) => {
          const rule = await create.mutateAsync(input)
          showToast(LL.alertRules.created_notice({ name: rule.name }))
          navigate(pathTo('alert-rules', { search: rule.name, row: rule.rule_id }))
        }}
      />
    </Page>
  )
}
