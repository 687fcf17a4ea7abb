import * as RadixDialog from '@radix-ui/react-dialog'
import { useRef, type ReactNode } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import { Button } from './button'
import * as styles from './dialog.css'

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
  /** Where focus goes on close; by default it returns to what had focus when the dialog opened. */
  onCloseAutoFocus?: (event: Event) => void
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
}: DialogProps) {
  const { LL } = useI18nContext()
  // Radix returns focus only to a Dialog.Trigger; dialogs opened by state or by a key need this.
  const opener = useRef<HTMLElement | null>(null)
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={styles.overlay} />
        <RadixDialog.Content
          className={className ? `${styles.content} ${className}` : styles.content}
          onOpenAutoFocus={() => {
            const active = document.activeElement
            opener.current = active instanceof HTMLElement ? active : null
          }}
          onCloseAutoFocus={
            onCloseAutoFocus ??
            ((event) => {
              if (!opener.current?.isConnected) return
              event.preventDefault()
              opener.current.focus()
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
