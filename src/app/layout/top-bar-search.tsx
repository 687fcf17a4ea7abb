import { useI18nContext } from '../../../i18n/i18n-react'
import { isMacPlatform } from '../../commands/keyboard-dom'
import { Keys } from '../../commands/keys'
import { useCommand } from '../../commands/use-command'
import { Icon } from '../../ui/icon'
import * as styles from './top-bar-search.css'

const mac = typeof navigator !== 'undefined' && isMacPlatform(navigator.platform)

/**
 * The palette's visible entry: a search-field-like button ("Search or jump to…" with its shortcut
 * as key caps), an icon button on narrow screens. It runs the registry's `palette.toggle`, the same
 * command Ctrl/⌘+K runs, so both open one palette the same way.
 */
export function TopBarSearch() {
  const { LL } = useI18nContext()
  const palette = useCommand('palette.toggle')
  if (palette === null) return null
  const shortcut = palette.listed.command.shortcut
  const label = LL.shell.searchOrJump()
  return (
    <button
      type="button"
      className={styles.search}
      aria-label={label}
      aria-haspopup="dialog"
      aria-keyshortcuts={mac ? 'Meta+K' : 'Control+K'}
      onClick={palette.run}
      data-testid="palette-entry"
    >
      <Icon name="search" size={18} />
      <span className={styles.placeholder} aria-hidden="true">
        {label}
      </span>
      {shortcut === undefined ? null : (
        <span className={styles.keys} aria-hidden="true">
          <Keys shortcut={shortcut} />
        </span>
      )}
    </button>
  )
}
