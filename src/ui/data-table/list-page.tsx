import type { ReactNode } from 'react'
import * as styles from './list-page.css'

interface ListPageProps {
  title: string
  intro?: string
  /** Buttons or links beside the title, e.g. "New organization". */
  actions?: ReactNode
  children: ReactNode
}

/** The frame every list screen shares: one h1, an optional intro and actions, then the table. */
export function ListPage({ title, intro, actions, children }: ListPageProps) {
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{title}</h1>
          {intro ? <p className={styles.intro}>{intro}</p> : null}
        </div>
        {actions}
      </header>
      {children}
    </section>
  )
}
