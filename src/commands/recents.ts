/**
 * The commands a user ran last, newest first, kept per user id in browser storage so two people
 * sharing a browser do not see each other's history. Only ids are stored: labels follow the
 * language, and a command the user has since lost permission for simply drops out when shown.
 */

export const RECENTS_LIMIT = 5

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>

export const recentsKey = (userId: string | number) => `palette_recents_${userId}`

export function readRecents(store: Pick<Storage, 'getItem'>, userId: string | number): string[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(store.getItem(recentsKey(userId)) ?? '[]')
  } catch {
    // Hand-edited or truncated storage must not break the palette; start over.
    return []
  }
  if (!Array.isArray(parsed)) return []
  return parsed.filter((id): id is string => typeof id === 'string').slice(0, RECENTS_LIMIT)
}

export function pushRecent(store: KeyValueStore, userId: string | number, id: string): string[] {
  const next = [id, ...readRecents(store, userId).filter((known) => known !== id)].slice(
    0,
    RECENTS_LIMIT,
  )
  try {
    store.setItem(recentsKey(userId), JSON.stringify(next))
  } catch {
    // A full or disabled storage (private mode quota) only costs the history, not the command.
  }
  return next
}
