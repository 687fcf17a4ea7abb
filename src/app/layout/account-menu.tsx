import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { Me } from '../../contract/users'
import { Avatar } from '../../ui/avatar'
import { Icon } from '../../ui/icon'
import { useAppActions } from '../app-actions'
import { useThemeMode } from '../theme-store'
import * as styles from './account-menu.css'

function fullName(user: Me) {
  return `${user.first_name} ${user.last_name}`.trim() || user.email
}

/** Menu button pattern: arrows move between items, Escape closes and returns focus to the button. */
export function AccountMenu({ user }: { user: Me }) {
  const { LL } = useI18nContext()
  const actions = useAppActions()
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
            <button
              type="button"
              role="menuitem"
              className={styles.item}
              onClick={() => {
                actions.toggleTheme()
                close()
              }}
            >
              <Icon name={mode === 'dark' ? 'sun' : 'moon'} />
              {mode === 'dark' ? LL.shell.switchToLight() : LL.shell.switchToDark()}
            </button>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              className={styles.item}
              onClick={() => {
                actions.openSettings()
                setOpen(false)
              }}
            >
              <Icon name="settings" />
              {LL.nav.settings()}
            </button>
          </li>
          <li role="none">
            <button type="button" role="menuitem" className={styles.item} onClick={actions.signOut}>
              <Icon name="logout" />
              {LL.nav.logout()}
            </button>
          </li>
        </ul>
      ) : null}
    </div>
  )
}
