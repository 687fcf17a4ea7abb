import { useRef, type Dispatch, type KeyboardEvent, type SetStateAction } from 'react'
import { treeKey, typeAhead, type KeyRow } from '../lib/location-tree-model'

const TYPE_AHEAD_MS = 600

interface TreeKeysOptions {
  rows: readonly (KeyRow & { name: string })[]
  focusIndex: number
  /** Moves the tab stop (and DOM focus) to the row with this key. */
  focus: (key: string) => void
  setExpanded: Dispatch<SetStateAction<ReadonlySet<string>>>
}

/**
 * The WAI-ARIA tree's own keys (lib/location-tree-model.ts): arrows, Home, End and * move, open
 * and close; a printable character finds a row by name, letters typed in quick succession
 * together. A tree's own keys (Enter, Space, F2) go first; this says whether it took the key.
 */
export function useTreeKeys({ rows, focusIndex, focus, setExpanded }: TreeKeysOptions) {
  const typed = useRef({ text: '', at: 0 })
  return (event: KeyboardEvent): boolean => {
    const current = rows[focusIndex]
    if (current === undefined || event.ctrlKey || event.metaKey || event.altKey) return false
    const move = treeKey(rows, focusIndex, event.key)
    if (move.type !== 'none') {
      event.preventDefault()
      if (move.type === 'focus') focus(rows[move.index]?.key ?? current.key)
      else
        setExpanded((previous) => {
          const next = new Set(previous)
          if (move.type === 'collapse') next.delete(move.key)
          else for (const key of move.type === 'expand' ? [move.key] : move.keys) next.add(key)
          return next
        })
      return true
    }
    if (event.key.length !== 1 || event.key === ' ') return false
    event.preventDefault()
    const now = event.timeStamp
    const text = now - typed.current.at < TYPE_AHEAD_MS ? typed.current.text + event.key : event.key
    typed.current = { text, at: now }
    const found = typeAhead(rows, focusIndex, text) ?? typeAhead(rows, focusIndex, event.key)
    if (found !== null) focus(rows[found]?.key ?? current.key)
    return true
  }
}
