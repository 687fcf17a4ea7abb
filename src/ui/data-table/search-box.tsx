import { useEffect, useState, type KeyboardEvent, type RefObject } from 'react'
import { TextField } from '../text-field'
import * as styles from './data-table.css'
import { LIST_KEYS } from './keyboard'

const DEBOUNCE_MS = 300

interface SearchBoxProps {
  label: string
  value: string
  onSearch: (value: string) => void
  /** ArrowDown leaves the box for the rows. */
  onLeave: () => void
  inputRef: RefObject<HTMLInputElement | null>
}

/** The list's search: sends the term after a pause in typing, or at once on Enter. */
export function SearchBox({ label, value, onSearch, onLeave, inputRef }: SearchBoxProps) {
  const [draft, setDraft] = useState(value)
  const [committed, setCommitted] = useState(value)
  const [sent, setSent] = useState<string | null>(null)
  // Back/forward changes the URL's term: show it, unless it is the term this box just sent (the
  // user may have typed on since).
  if (committed !== value) {
    setCommitted(value)
    if (value !== sent) setDraft(value)
  }

  useEffect(() => {
    const term = draft.trim()
    if (term === value) return
    const timer = window.setTimeout(() => {
      setSent(term)
      onSearch(term)
    }, DEBOUNCE_MS)
    return () => window.clearTimeout(timer)
  }, [draft, value, onSearch])

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      const term = draft.trim()
      if (term === value) return
      setSent(term)
      onSearch(term)
    } else if (event.key === 'ArrowDown') {
      event.preventDefault()
      onLeave()
    }
  }

  return (
    <TextField
      ref={inputRef}
      className={styles.search}
      type="search"
      label={label}
      value={draft}
      autoComplete="off"
      spellCheck={false}
      aria-keyshortcuts={LIST_KEYS.focusSearch.join(' ')}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={onKeyDown}
    />
  )
}
