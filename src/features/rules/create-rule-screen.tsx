import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { pathTo } from '../../contract/pages'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { RuleForm } from './rule-form'
import { emptyValues } from './rule-form-model'
import { useCreateRule } from './use-rule-mutations'

/** /rules/create — a new rule opens on its page. */
export function CreateRuleScreen() {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const create = useCreateRule()
  return (
    <Page title={LL.rules.createTitle()} intro={LL.rules.intro()}>
      <RuleForm
        initial={emptyValues}
        label={LL.rules.createTitle()}
        submitLabel={LL.common.create()}
        onCancel={() => navigate(listPlacePath(pathTo('rules')))}
        onSubmit={async (input) => {
          const rule = await create.mutateAsync(input)
          showToast(LL.rules.created_notice({ name: rule.name }))
          navigate(pathTo('rules-view', { id: rule.rule_id }))
        }}
      />
    </Page>
  )
}
