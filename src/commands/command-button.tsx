import { useId, type ReactNode } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import * as styles from './command-button.css'
import { Keys } from './keys'
import { useCommand } from './use-command'

export interface CommandButtonProps {
  /** A registry command id, e.g. `theme.dark` or `session.sign-out`. */
  readonly id: string
  readonly icon?: ReactNode
  readonly className?: string
  /** For the label and the hint, so a collapsed sidebar can hide both visually. */
  readonly labelClassName?: string
  /** The label is visually hidden, so it is also offered as a tooltip. */
  readonly compact?: boolean
  /** After the command ran: a menu closes, for instance. */
  readonly onRan?: () => void
}

/**
 * A button that is a registry command: its label, shortcut hint, disabled reason and action all
 * come from the registry, so a menu cannot drift from the palette and the hotkeys. Nothing is
 * rendered for a command this user may never use. The hint is the button's description rather
 * than part of its name, so "Switch to dark theme" is announced as that, then "T then D".
 */
export function CommandButton(props: CommandButtonProps & { readonly role?: 'menuitem' }) {
  const { id, icon, className, labelClassName, compact = false, onRan, role } = props
  const { LL } = useI18nContext()
  const bound = useCommand(id)
  const hintId = useId()
  if (bound === null) return null
  const { command, availability } = bound.listed
  const label = command.label(LL)
  const reason = availability.state === 'disabled' ? availability.reason(LL) : undefined
  const hint =
    reason ?? (command.shortcut === undefined ? null : <Keys shortcut={command.shortcut} />)
  return (
    <button
      type="button"
      role={role}
      data-command={id}
      className={
        [className, reason === undefined ? undefined : styles.disabled].filter(Boolean).join(' ') ||
        undefined
      }
      aria-disabled={reason === undefined ? undefined : true}
      aria-describedby={hint === null ? undefined : hintId}
      title={compact ? label : undefined}
      onClick={() => {
        if (reason !== undefined) return
        bound.run()
        onRan?.()
      }}
    >
      {icon}
      <span className={labelClassName}>{label}</span>
      {hint === null ? null : (
        <span
          id={hintId}
          aria-hidden="true"
          className={[styles.hint, labelClassName].filter(Boolean).join(' ')}
        >
          {hint}
        </span>
      )}
    </button>
  )
}

/** The same, as an item of a menu-button menu (role `menuitem`). */
export function CommandMenuItem(props: CommandButtonProps) {
  return <CommandButton {...props} role="menuitem" />
}
