import type { ReactNode } from 'react'
import * as styles from './text-field.css'

/** A field's hint and error lines, with the ids its control's aria-describedby points at. */
export function FieldNotes(props: {
  hint?: ReactNode
  error?: string | null
  hintId: string
  errorId: string
}) {
  const { hint, error, hintId, errorId } = props
  return (
    <>
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      ) : null}
    </>
  )
}
