import { useEffect, useState, useSyncExternalStore, type ReactNode, type Ref } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import { Button } from './button'
import * as styles from './notice.css'

export type NoticeTone = 'info' | 'success' | 'warning' | 'danger'

type NoticeProps = {
  tone?: NoticeTone
  children: ReactNode
  className?: string
  /** With tabIndex -1, a refusal can take focus so keyboard users land on the reason. */
  ref?: Ref<HTMLDivElement>
  tabIndex?: number
}

/** An inline message; danger and warning are announced immediately (role=alert). */
export function Notice({ tone = 'info', children, className, ref, tabIndex }: NoticeProps) {
  const role = tone === 'danger' || tone === 'warning' ? 'alert' : 'status'
  const classes = styles.notice({ tone })
  return (
    <div
      ref={ref}
      tabIndex={tabIndex}
      role={role}
      className={className ? `${classes} ${className}` : classes}
    >
      {children}
    </div>
  )
}

type Toast = { id: number; tone: NoticeTone; message: string }

// A tiny module store: toasts outlive the screen that raised them (e.g. after a redirect).
let toasts: readonly Toast[] = []
let nextId = 1
const listeners = new Set<() => void>()

function emit() {
  for (const listener of listeners) listener()
}

export function showToast(message: string, tone: NoticeTone = 'success'): number {
  const id = nextId++
  toasts = [...toasts, { id, tone, message }]
  emit()
  return id
}

export function dismissToast(id: number) {
  toasts = toasts.filter((toast) => toast.id !== id)
  emit()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const TOAST_MS = 5000

function ToastItem({ toast }: { toast: Toast }) {
  const { LL } = useI18nContext()
  // A toast someone is pointing at or has tabbed into waits for them (WCAG 2.2.1 timing).
  const [held, setHeld] = useState(false)
  useEffect(() => {
    if (held) return
    const timer = window.setTimeout(() => dismissToast(toast.id), TOAST_MS)
    return () => window.clearTimeout(timer)
  }, [toast.id, held])
  return (
    <li
      className={`${styles.notice({ tone: toast.tone })} ${styles.toast}`}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <span className={styles.toastText}>{toast.message}</span>
      <Button tone="ghost" size="sm" onClick={() => dismissToast(toast.id)}>
        {LL.common.close()}
      </Button>
    </li>
  )
}

export function ToastRegion() {
  const current = useSyncExternalStore(subscribe, () => toasts)
  return (
    <ol className={styles.toastRegion} aria-live="polite">
      {current.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </ol>
  )
}
