import { fetchRulePage } from '../../api/rules'
import type { EntitySource } from '../../commands/entity-source'
import { listSearch } from '../../commands/entity-search'
import type { PaletteContext } from '../../commands/registry'
import type { AccessRule } from '../../contract/access-model'
import { needs } from '../../contract/permissions'
import { ruleActions } from './rule-actions'

/** Access rules in the palette (`=`): by name, with the places they open; Enter opens the rule. */
export const ruleSource: EntitySource<AccessRule, PaletteContext> = {
  kind: 'rules',
  heading: (LL) => LL.rules.palette.heading(),
  needs: { anyOf: needs('access_rules', 'read') },
  search: listSearch(fetchRulePage, { order_by: 'name', order_direction: 'asc' }),
  view: (rule) => {
    const places = rule.targets
      .map((t) => t.name)
      .filter(Boolean)
      .join(', ')
    return { id: String(rule.rule_id), title: rule.name, ...(places ? { subtitle: places } : {}) }
  },
  actions: ruleActions,
}
