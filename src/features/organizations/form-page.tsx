import type { ReactNode } from 'react'
import * as styles from './organizations.css'

/** The frame of the create and edit screens: the heading, then the form or its state. */
export function FormPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </section>
  )
}
