import { useI18nContext } from '../../i18n/i18n-react'
import { Dialog } from '../ui/dialog'
import * as styles from './command-palette.css'
import { Keys } from './keys'
import type { ListedCommand } from './palette-results'
import { usableShortcuts } from './palette-results'
import type { PaletteContext } from './registry'

/** The `?` sheet, generated from the registry: every shortcut this user can press right now. */
export function CheatSheet({
  open,
  onOpenChange,
  listed,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  listed: readonly ListedCommand<PaletteContext>[]
}) {
  const { LL } = useI18nContext()
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={LL.commands.shortcuts.title()}
      description={LL.commands.shortcuts.description()}
      contentClassName={styles.sheet}
    >
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
    </Dialog>
  )
}
