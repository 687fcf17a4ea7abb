import * as styles from './loading.css'

/** Full-width bar while a screen's code or data loads (requirements R2.5). */
export function LoadingBar({ label }: { label: string }) {
  return (
    <div className={styles.bar} role="progressbar" aria-label={label} data-testid="loading-bar">
      <div className={styles.barFill} />
    </div>
  )
}

export function Spinner({ label }: { label: string }) {
  return <span className={styles.spinner} role="status" aria-label={label} />
}

export function CenteredSpinner({ label }: { label: string }) {
  return (
    <div className={styles.centered}>
      <Spinner label={label} />
    </div>
  )
}
