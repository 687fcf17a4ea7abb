import type { ReactNode } from 'react'
import * as styles from './command-palette.css'
import { highlight } from './matcher'

/** The label with the characters the query matched in bold, so the ranking explains itself. */
export function Highlighted({ text, query }: { text: string; query: string }) {
  if (query === '') return <>{text}</>
  const parts: ReactNode[] = []
  let at = 0
  for (const [start, end] of highlight(text, query)) {
    if (start > at) parts.push(text.slice(at, start))
    parts.push(
      <mark key={start} className={styles.mark}>
        {text.slice(start, end)}
      </mark>,
    )
    at = end
  }
  if (at < text.length) parts.push(text.slice(at))
  return <>{parts}</>
}
