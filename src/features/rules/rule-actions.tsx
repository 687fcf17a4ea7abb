import { useLocation } from 'wouter'
import type { Action, ActionDialogProps } from '../../commands/command'
import type { PaletteContext } from '../../commands/registry'
import type { AccessRule } from '../../contract/access-model'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { DeleteRuleDialog } from './delete-rule-dialog'

// Every verb on an access rule, declared once (decision 063): the palette (`=` results), the
// rule's page and its list's rows read them.

export type RuleAction = Action<AccessRule, PaletteContext>

const id = (rule: AccessRule) => rule.rule_id

/** Deleting from the rule's own pages returns to the list the person came from. */
function DeleteRule({ entity, onClose }: ActionDialogProps<AccessRule>) {
  const [path, navigate] = useLocation()
  return (
    <DeleteRuleDialog
      rule={entity}
      onClose={onClose}
      onDeleted={() => {
        const own = [
          pathTo('rules-view', { id: id(entity) }),
          pathTo('rules-edit', { id: id(entity) }),
        ]
        if (own.includes(path)) navigate(listPlacePath(pathTo('rules')))
      }}
    />
  )
}

export const deleteRuleAction: RuleAction = {
  id: 'rule.delete',
  label: (LL) => LL.rules.palette.delete(),
  needs: { anyOf: needs('access_rules', 'delete') },
  tone: 'danger',
  deepLink: 'delete',
  dialog: (props) => <DeleteRule {...props} />,
  run: () => undefined,
}

export const ruleActions: readonly RuleAction[] = [
  {
    id: 'rule.open',
    opensItsPage: true,
    label: (LL) => LL.rules.palette.open(),
    needs: {},
    run: (ctx, rule) => ctx.navigate(pathTo('rules-view', { id: id(rule) })),
  },
  {
    id: 'rule.edit',
    label: (LL) => LL.rules.palette.edit(),
    needs: { anyOf: needs('access_rules', 'update') },
    run: (ctx, rule) => ctx.navigate(pathTo('rules-edit', { id: id(rule) })),
  },
  deleteRuleAction,
]
