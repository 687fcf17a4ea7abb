// What R acts on: a screen that holds new entries back (the audit log) registers the action that
// shows them while it is mounted. The hotkey engine owns the key; the screen only says it is there.

export interface NewsHandle {
  /** Shows what arrived since the screen last read its data; nothing when nothing did. */
  show(): void
}

let current: NewsHandle | null = null

/** Called by a screen while it is mounted; returns the unregister function. */
export function registerNews(handle: NewsHandle): () => void {
  current = handle
  return () => {
    if (current === handle) current = null
  }
}

export function pendingNews(): NewsHandle | null {
  return current
}
