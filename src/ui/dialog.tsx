import * as RadixDialog from '@radix-ui/react-dialog'
import { useRef, type ReactNode, type RefObject } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import { Button } from './button'
import * as styles from './dialog.css'
import { focusIsLost, restoreFocus } from './focus'
import { useOpenedOnce } from './use-opened-once'

type DialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  /** Dialogs that must be answered (confirmations) hide the corner close button. */
  hideClose?: boolean
  /** Extra class for the panel, e.g. a wider sheet. */
  className?: string
  /** Where focus goes on close; by default back to what had it on open, or the page's target. */
  onCloseAutoFocus?: (event: Event) => void
  /** What takes focus on open (a confirmation's confirm button); by default the first control. */
  initialFocus?: RefObject<HTMLElement | null>
}

// Radix traps focus, restores it to the opener, closes on Escape and labels the dialog by its title.
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  footer,
  hideClose,
  className,
  onCloseAutoFocus,
  initialFocus,
}: DialogProps) {
  const { LL } = useI18nContext()
  const opener = useRef<HTMLElement | null>(null)
  if (!useOpenedOnce(open)) return null
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={className ? `${styles.content} ${className}` : styles.content}
          onOpenAutoFocus={(event) => {
            // A dialog that replaced another (a loading one swapped for its form) finds focus lost
            // with the other's panel: it gives focus back to the page's target instead.
            opener.current =
              !focusIsLost() && document.activeElement instanceof HTMLElement
                ? document.activeElement
                : null
            if (!initialFocus?.current) return
            event.preventDefault()
            initialFocus.current.focus()
          }}
          onCloseAutoFocus={
            onCloseAutoFocus ??
            ((event) => {
              // The opener may be gone (its row was deleted): then the page's target, never <body>.
              event.preventDefault()
              restoreFocus(opener.current)
            })
          }
          // Without a description Radix must be told explicitly that none exists.
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className={styles.title}>{title}</RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className={styles.description}>
              {description}
            </RadixDialog.Description>
          ) : null}
          {children}
          {footer ? <div className={styles.footer}>{footer}</div> : null}
          {hideClose ? null : (
            <RadixDialog.Close asChild>
              <Button
                tone="ghost"
                size="icon"
                className={styles.close}
                aria-label={LL.common.close()}
              >
                <span aria-hidden="true">×</span>
              </Button>
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
