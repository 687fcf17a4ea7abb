import { useEffect, useState, type KeyboardEvent, type RefObject } from 'react'
import { TextField } from '../text-field'
import * as styles from './data-table.css'

const DEBOUNCE_MS = 300

interface SearchBoxProps {
  label: string
  value: string
  onSearch: (value: string) => void
  /** ArrowDown (or Escape on an empty box) leaves the box for the rows. */
  /** `searchChanged`: leaving sent a new term, so the rows are about to change. */
  onLeave: (searchChanged: boolean) => void
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

  const commit = (text: string): boolean => {
    const term = text.trim()
    if (term === value) return false
    setSent(term)
    onSearch(term)
    return true
  }

  // ArrowDown sends what was typed before leaving, so a fast `/ term ↓ Enter` acts on the rows
  // of that term (the list holds the key until they arrive), not on the rows of the last one.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault()
      commit(draft)
    } else if (event.key === 'ArrowDown') {
      event.preventDefault()
      onLeave(commit(draft))
    } else if (event.key === 'Escape') {
      // The first Escape clears the term, the next one lets go of the box.
      event.preventDefault()
      if (draft === '') onLeave(false)
      else {
        setDraft('')
        commit('')
      }
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
      aria-keyshortcuts="/"
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={onKeyDown}
    />
  )
}
