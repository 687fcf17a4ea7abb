// Keyboard model of the list, kept pure so every key's effect is unit-tested. The active row is an
// absolute index into the whole result set (not into the loaded rows), so Home/End and PageUp/PageDown
// reach rows that have not been fetched yet.

export type ListKeyResult =
  | { type: 'move'; index: number }
  | { type: 'open'; index: number }
  | { type: 'focus-search' }
  | { type: 'none' }

export interface ListKeyContext {
  key: string
  /** The active row, or null before the user moved. */
  active: number | null
  total: number
  /** Rows that fit the viewport, the step of PageUp/PageDown. */
  pageRows: number
  /** True when a modifier (Ctrl, Meta, Alt) is held: those keys belong to the browser or palette. */
  modified: boolean
}

const none: ListKeyResult = { type: 'none' }

export function listKey({ key, active, total, pageRows, modified }: ListKeyContext): ListKeyResult {
  if (modified) return none
  if (key === '/') return { type: 'focus-search' }
  if (total <= 0) return none
  const last = total - 1
  const clamp = (index: number) => Math.min(Math.max(index, 0), last)
  const step = Math.max(1, pageRows)
  switch (key) {
    case 'j':
    case 'ArrowDown':
      return { type: 'move', index: active === null ? 0 : clamp(active + 1) }
    case 'k':
    case 'ArrowUp':
      return { type: 'move', index: active === null ? 0 : clamp(active - 1) }
    case 'Home':
      return { type: 'move', index: 0 }
    case 'End':
      return { type: 'move', index: last }
    case 'PageDown':
      return { type: 'move', index: clamp((active ?? 0) + step) }
    case 'PageUp':
      return { type: 'move', index: clamp((active ?? 0) - step) }
    case 'Enter':
      return active === null ? none : { type: 'open', index: active }
    default:
      return none
  }
}
