import { fetchAlertRulePage } from '../../api/alert-rules'
import { listSearch } from '../../commands/entity-search'
import type { EntitySource } from '../../commands/entity-source'
import type { PaletteContext } from '../../commands/registry'
import type { AlertRule } from '../../contract/alerts'
import { needs } from '../../contract/permissions'
import { alertRuleActions } from './alert-rule-actions'

/**
 * Alert rules in the palette (`_`): the list call's `search` over the rule's name, so "edit held
 * open" finds the rule; its subtitle is where it watches. Its actions are alert-rule-actions.tsx.
 */
export const alertRuleSource: EntitySource<AlertRule, PaletteContext> = {
  kind: 'alert-rules',
  heading: (LL) => LL.alertRules.palette.heading(),
  needs: { anyOf: needs('alert_rules', 'read') },
  search: listSearch(fetchAlertRulePage, { order_by: 'name', order_direction: 'asc' }),
  view: (rule) => ({ id: String(rule.rule_id), title: rule.name, subtitle: rule.scope.name }),
  actions: alertRuleActions,
}
