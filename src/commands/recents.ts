/**
 * The commands a user ran last and the entities they opened last, newest first, kept per user id
 * in browser storage so two people sharing a browser do not see each other's history, and
 * forgotten at sign-out. Of commands only ids are stored: labels follow the language, and a command
 * the user has since lost permission for simply drops out when shown.
 */

export const RECENTS_LIMIT = 5

/** This browser's local storage, or null where storage is switched off (then there are no recents). */
export function browserStore(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

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

/**
 * An entity opened a moment ago: its kind and the entity as its page loaded it (never one whose
 * source holds secrets: entity-source.ts `holdsSecrets`).
 */
export interface RecentEntity {
  readonly kind: string
  readonly entity: unknown
}

export const recentEntitiesKey = (userId: string | number) => `palette_recent_entities_${userId}`

const sameEntity = (a: RecentEntity, b: RecentEntity, idOf: (recent: RecentEntity) => string) =>
  a.kind === b.kind && idOf(a) === idOf(b)

/** The entities this user opened last, newest first; whatever storage holds that is not one, dropped. */
export function readRecentEntities(
  store: Pick<Storage, 'getItem'>,
  userId: string | number,
): RecentEntity[] {
  let parsed: unknown
  try {
    parsed = JSON.parse(store.getItem(recentEntitiesKey(userId)) ?? '[]')
  } catch {
    return []
  }
  if (!Array.isArray(parsed)) return []
  return parsed
    .filter(
      (item): item is RecentEntity =>
        typeof item === 'object' &&
        item !== null &&
        typeof (item as { kind?: unknown }).kind === 'string' &&
        typeof (item as { entity?: unknown }).entity === 'object' &&
        (item as { entity?: unknown }).entity !== null,
    )
    .slice(0, RECENTS_LIMIT)
}

/** Puts `recent` first (once: `idOf` tells two of one kind apart). */
export function pushRecentEntity(
  store: KeyValueStore,
  userId: string | number,
  recent: RecentEntity,
  idOf: (recent: RecentEntity) => string,
): void {
  const next = [
    recent,
    ...readRecentEntities(store, userId).filter((known) => !sameEntity(known, recent, idOf)),
  ].slice(0, RECENTS_LIMIT)
  try {
    store.setItem(recentEntitiesKey(userId), JSON.stringify(next))
  } catch {
    // As for commands: a full storage costs the history only.
  }
}

/** Signing out forgets every user's recents in this browser (commands and entities). */
export function forgetRecents(store: Pick<Storage, 'length' | 'key' | 'removeItem'>): void {
  const keys: string[] = []
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index)
    if (key?.startsWith('palette_recent')) keys.push(key)
  }
  for (const key of keys) store.removeItem(key)
}
