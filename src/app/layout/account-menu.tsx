import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { Me } from '../../contract/users'
import { CommandMenuItem } from '../../commands/command-button'
import { Avatar } from '../../ui/avatar'
import { Icon } from '../../ui/icon'
import { useThemeMode } from '../../ui/theme-store'
import * as styles from './account-menu.css'

function fullName(user: Me) {
  return `${user.first_name} ${user.last_name}`.trim() || user.email
}

/**
 * Menu button pattern: arrows move between items, Escape closes and returns focus to the button.
 * The items are registry commands, so their labels and shortcuts are the palette's.
 */
export function AccountMenu({ user }: { user: Me }) {
  const { LL } = useI18nContext()
  const mode = useThemeMode()
  const [open, setOpen] = useState(false)
  const rootRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  const name = fullName(user)

  useEffect(() => {
    if (!open) return
    rootRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus()
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointer)
    return () => document.removeEventListener('pointerdown', onPointer)
  }, [open])

  const close = () => {
    setOpen(false)
    buttonRef.current?.focus()
  }

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = Array.from(event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]'))
    const index = items.indexOf(document.activeElement as HTMLElement)
    const move: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 }
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      close()
    } else if (event.key in move) {
      event.preventDefault()
      items[(index + (move[event.key] ?? 0) + items.length) % items.length]?.focus()
    } else if (event.key === 'Tab') setOpen(false)
  }

  return (
    <div className={styles.root} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.avatarButton}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={LL.shell.accountMenu({ email: user.email })}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar name={name} />
      </button>
      {open ? (
        <ul id={menuId} role="menu" className={styles.menu} onKeyDown={onMenuKey}>
          <li role="none" className={styles.header}>
            {name}
          </li>
          <li role="none">
            <CommandMenuItem
              id={mode === 'dark' ? 'theme.light' : 'theme.dark'}
              className={styles.item}
              icon={<Icon name={mode === 'dark' ? 'sun' : 'moon'} />}
              onRan={close}
            />
          </li>
          <li role="none">
            <CommandMenuItem
              id="go.account"
              className={styles.item}
              icon={<Icon name="lock" />}
              onRan={close}
            />
          </li>
          <li role="none">
            {/* The settings dialog takes focus, so the menu closes without reclaiming it. */}
            <CommandMenuItem
              id="settings.open"
              className={styles.item}
              icon={<Icon name="settings" />}
              onRan={() => setOpen(false)}
            />
          </li>
          <li role="none">
            <CommandMenuItem
              id="session.sign-out"
              className={styles.item}
              icon={<Icon name="logout" />}
            />
          </li>
        </ul>
      ) : null}
    </div>
  )
}
