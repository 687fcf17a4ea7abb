import { useSyncExternalStore } from 'react'

export interface UserPreferenceSpec<T> {
  /** The localStorage key of one user's choice (R3.2: `dark_mode_{id}`). */
  key(userId: number): string
  /** The stored text as a choice; null (nothing stored) gives the default. */
  read(stored: string | null): T
  write(value: T): string
  /** Runs on every change, e.g. to paint the theme. */
  onChange?(value: T): void
}

/**
 * One per-user choice kept in this browser (the theme, single-key shortcuts): the signed-in
 * user's stored value applies on sign-in, guests get the default and nothing of theirs is stored,
 * and React reads it through `use`.
 */
export function createUserPreference<T>(spec: UserPreferenceSpec<T>) {
  const stored = (userId: number | null): T => {
    if (userId === null) return spec.read(null)
    try {
      return spec.read(localStorage.getItem(spec.key(userId)))
    } catch {
      return spec.read(null)
    }
  }
  let value = stored(null)
  let owner: number | null = null
  const listeners = new Set<() => void>()
  const set = (next: T) => {
    value = next
    spec.onChange?.(next)
    for (const listener of listeners) listener()
  }
  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
  return {
    get: () => value,
    /** Shows what `userId` stored (the default for null) without making them the owner: boot. */
    show: (userId: number | null) => set(stored(userId)),
    applyUser: (userId: number) => {
      owner = userId
      set(stored(userId))
    },
    applyGuest: () => {
      owner = null
      set(stored(null))
    },
    set: (next: T) => {
      if (owner !== null) {
        try {
          localStorage.setItem(spec.key(owner), spec.write(next))
        } catch {
          // Without storage the choice lasts for this page view only.
        }
      }
      set(next)
    },
    use: (): T => useSyncExternalStore(subscribe, () => value),
  }
}
