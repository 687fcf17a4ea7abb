import { useLocation } from 'wouter'
import type { Action, ActionDialogProps } from '../../commands/command'
import type { PaletteContext } from '../../commands/registry'
import type { AlertRule } from '../../contract/alerts'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { DeleteAlertRuleDialog } from './delete-alert-rule-dialog'

// The verbs on an alert rule, declared once (decision 063): its list's rows and keys, its edit
// page and the palette (alert-rule-source.ts, `_`) read them.

export type AlertRuleAction = Action<AlertRule, PaletteContext>

/** Deleting from the rule's own page returns to the list the person came from. */
function DeleteAlertRule({ entity, onClose }: ActionDialogProps<AlertRule>) {
  const [path, navigate] = useLocation()
  return (
    <DeleteAlertRuleDialog
      rule={entity}
      onClose={onClose}
      onDeleted={() => {
        if (path === pathTo('alert-rules-edit', { id: entity.rule_id }))
          navigate(listPlacePath(pathTo('alert-rules')))
      }}
    />
  )
}

export const alertRuleVerbs = {
  edit: {
    id: 'alert-rule.edit',
    label: (LL) => LL.alertRules.palette.edit(),
    // A rule has no page but its form: Enter on it in the palette opens that.
    opensItsPage: true,
    needs: { anyOf: needs('alert_rules', 'update') },
    run: (ctx, rule) => ctx.navigate(pathTo('alert-rules-edit', { id: rule.rule_id })),
  },
  delete: {
    id: 'alert-rule.delete',
    label: (LL) => LL.alertRules.palette.delete(),
    needs: { anyOf: needs('alert_rules', 'delete') },
    tone: 'danger',
    dialog: (props) => <DeleteAlertRule {...props} />,
    run: () => undefined,
  },
} satisfies Record<string, AlertRuleAction>

export const alertRuleActions: readonly AlertRuleAction[] = [
  alertRuleVerbs.edit,
  alertRuleVerbs.delete,
]
