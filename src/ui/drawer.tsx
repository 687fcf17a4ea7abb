import * as RadixDialog from '@radix-ui/react-dialog'
import { useRef, type KeyboardEvent, type ReactNode } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import { Button } from './button'
import * as styles from './drawer.css'
import { restoreFocus } from './focus'
import { useOpenedOnce } from './use-opened-once'

interface DrawerProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  /** A line under the title, e.g. which keys move to the next entry. */
  hint?: ReactNode
  children: ReactNode
  /** Keys the drawer's owner handles while it is open (j/k to the next entry). */
  onKeyDown?: (event: KeyboardEvent<HTMLDivElement>) => void
}

/**
 * A side sheet over the right half of the screen, built on Radix Dialog: focus moves in and is
 * trapped, Escape closes, focus returns to what opened it, and the hotkeys pause while it is open.
 */
export function Drawer({ open, onOpenChange, title, hint, children, onKeyDown }: DrawerProps) {
  const { LL } = useI18nContext()
  const opener = useRef<HTMLElement | null>(null)
  if (!useOpenedOnce(open)) return null
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={styles.panel}
          onKeyDown={onKeyDown}
          onOpenAutoFocus={(event) => {
            opener.current =
              document.activeElement instanceof HTMLElement ? document.activeElement : null
            // Content that asks for focus (a command opened by URL) gets it instead of the first button.
            const wanted =
              event.currentTarget instanceof HTMLElement
                ? event.currentTarget.querySelector<HTMLElement>('[data-autofocus]')
                : null
            if (wanted) {
              event.preventDefault()
              wanted.focus()
            }
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault()
            restoreFocus(opener.current)
          }}
          {...(hint ? {} : { 'aria-describedby': undefined })}
        >
          <div className={styles.header}>
            <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
            <RadixDialog.Close asChild>
              <Button tone="ghost" size="icon" aria-label={LL.common.close()}>
                <span aria-hidden="true">×</span>
              </Button>
            </RadixDialog.Close>
          </div>
          {hint ? (
            <RadixDialog.Description className={styles.hint}>{hint}</RadixDialog.Description>
          ) : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
