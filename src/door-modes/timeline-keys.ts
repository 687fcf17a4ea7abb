// The week's timeline is one tab stop; these keys move focus from change to change in it.

/** The change focus moves to for `key` from `index` of `count`, or null when the key is not ours. */
export function timelineMove(key: string, index: number, count: number): number | null {
  if (count === 0) return null
  switch (key) {
    case 'ArrowRight':
      return Math.min(index + 1, count - 1)
    case 'ArrowLeft':
      return Math.max(index - 1, 0)
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return null
  }
}

/**
 * Where an instant sits on the bar from `from` over `spanMs`, in percent (0–100): instants are
 * compared as instants, the wall clock is left to Intl.
 */
export function positionOf(at: string, from: string, spanMs: number): number {
  const share = (Date.parse(at) - Date.parse(from)) / spanMs
  return Math.min(100, Math.max(0, share * 100))
}
