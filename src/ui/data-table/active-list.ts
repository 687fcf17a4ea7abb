// The list on screen, for the commands that act on "the list" from anywhere on its page (`/`
// focuses its search). The hotkey engine owns every global key; the list only says it is there.

export interface ListHandle {
  focusSearch(): void
}

let current: ListHandle | null = null

/** Called by the DataTable while it is mounted; returns the unregister function. */
export function registerList(handle: ListHandle): () => void {
  current = handle
  return () => {
    if (current === handle) current = null
  }
}

export function activeList(): ListHandle | null {
  return current
}
