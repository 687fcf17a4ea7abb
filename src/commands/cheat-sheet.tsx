import * as RadixDialog from '@radix-ui/react-dialog'
import { Fragment } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import { Button } from '../ui/button'
import * as dialogStyles from '../ui/dialog.css'
import * as styles from './command-palette.css'
import { Keys } from './keys'
import { usableShortcuts, type ListedCommand } from './palette-results'
import { listKeyHints, type PaletteContext } from './registry'

/**
 * The `?` sheet, generated from the registry: every shortcut this user can press right now, then
 * the keys a focused list understands (from the DataTable's own key table). Built on Radix
 * directly rather than the shared Dialog so it can hand focus back to where `?` was pressed.
 */
export function CheatSheet({
  open,
  onOpenChange,
  onCloseAutoFocus,
  listed,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  onCloseAutoFocus: (event: Event) => void
  listed: readonly ListedCommand<PaletteContext>[]
}) {
  const { LL } = useI18nContext()
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={dialogStyles.overlay} />
        <RadixDialog.Content
          className={`${dialogStyles.content} ${styles.sheet}`}
          onCloseAutoFocus={onCloseAutoFocus}
        >
          <RadixDialog.Title className={dialogStyles.title}>
            {LL.commands.shortcuts.title()}
          </RadixDialog.Title>
          <RadixDialog.Description className={dialogStyles.description}>
            {LL.commands.shortcuts.description()}
          </RadixDialog.Description>
          <h3 className={styles.sheetHeading}>{LL.commands.shortcuts.everywhere()}</h3>
          <dl className={styles.sheetList}>
            {usableShortcuts(listed).map(({ command }) => (
              <div key={command.id} className={styles.sheetRow}>
                <dt className={styles.sheetTerm}>{command.label(LL)}</dt>
                <dd className={styles.sheetKeys}>
                  {command.shortcut === undefined ? null : <Keys shortcut={command.shortcut} />}
                </dd>
              </div>
            ))}
          </dl>
          <h3 className={styles.sheetHeading}>{LL.commands.shortcuts.inLists()}</h3>
          <dl className={styles.sheetList}>
            {listKeyHints.map((hint) => (
              <div key={hint.id} className={styles.sheetRow}>
                <dt className={styles.sheetTerm}>{hint.label(LL)}</dt>
                <dd className={styles.sheetKeys}>
                  {hint.shortcuts.map((shortcut, i) => (
                    <Fragment key={shortcut}>
                      {i > 0 ? <span className={styles.keys}> {LL.commands.or()} </span> : null}
                      <Keys shortcut={shortcut} />
                    </Fragment>
                  ))}
                </dd>
              </div>
            ))}
          </dl>
          <RadixDialog.Close asChild>
            <Button
              tone="ghost"
              size="icon"
              className={dialogStyles.close}
              aria-label={LL.common.close()}
            >
              <span aria-hidden="true">×</span>
            </Button>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
