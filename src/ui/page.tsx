import { useEffect, useRef, type ReactNode, type Ref } from 'react'
import * as styles from './page.css'

interface PageHeaderProps {
  title: ReactNode
  intro?: ReactNode
  /** Buttons or links beside the title, e.g. "New organization". */
  actions?: ReactNode
  headingRef?: Ref<HTMLHeadingElement>
}

/** The page's one h1, an optional intro line and actions on the right. */
export function PageHeader({ title, intro, actions, headingRef }: PageHeaderProps) {
  return (
    <header className={styles.header}>
      <div>
        <h1 ref={headingRef} tabIndex={-1} className={styles.title}>
          {title}
        </h1>
        {intro ? <p className={styles.intro}>{intro}</p> : null}
      </div>
      {actions}
    </header>
  )
}

type PageProps = PageHeaderProps & { children?: ReactNode; className?: string }

/**
 * The frame of every screen. On mount it puts focus on the heading unless something inside (a
 * form's first field) took it already or a dialog holds it, so navigation never leaves focus on
 * <body> or on the link that led here.
 */
export function Page({ children, className, ...header }: PageProps) {
  const pageRef = useRef<HTMLElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    const active = document.activeElement
    if (active && pageRef.current?.contains(active)) return
    if (active?.closest('[role="dialog"], [role="alertdialog"]')) return
    headingRef.current?.focus({ preventScroll: true })
  }, [])
  return (
    <section ref={pageRef} className={className ? `${styles.page} ${className}` : styles.page}>
      <PageHeader {...header} headingRef={headingRef} />
      {children}
    </section>
  )
}
