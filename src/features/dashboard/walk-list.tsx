import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { Link } from 'wouter'
import * as styles from './needs-attention.css'

export interface WalkItem {
  key: string
  href: string
  content: ReactNode
}

const STEPS: Record<string, number> = { j: 1, ArrowDown: 1, k: -1, ArrowUp: -1 }

/**
 * A short list of links that is one tab stop: j/k (or the arrows) move between the links, Home
 * and End jump, Enter follows the focused link as any link does.
 */
export function WalkList({ label, items }: { label: string; items: readonly WalkItem[] }) {
  const [current, setCurrent] = useState(0)
  const listRef = useRef<HTMLUListElement>(null)
  const at = Math.min(current, items.length - 1)
  const focus = (index: number) => {
    setCurrent(index)
    listRef.current?.querySelectorAll<HTMLAnchorElement>('a[href]')[index]?.focus()
  }
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return
    const step = STEPS[event.key]
    const last = items.length - 1
    const target =
      step !== undefined
        ? Math.min(Math.max(at + step, 0), last)
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? last
            : null
    if (target === null) return
    event.preventDefault()
    focus(target)
  }
  return (
    <ul ref={listRef} className={styles.list} aria-label={label} onKeyDown={onKeyDown}>
      {items.map((item, index) => (
        <li key={item.key}>
          <Link
            href={item.href}
            tabIndex={index === at ? 0 : -1}
            aria-keyshortcuts="j k"
            className={styles.item}
            onFocus={() => setCurrent(index)}
          >
            {item.content}
          </Link>
        </li>
      ))}
    </ul>
  )
}
