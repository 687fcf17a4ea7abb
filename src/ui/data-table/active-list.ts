// The list on screen, for what acts on "the list" from elsewhere on its page: `/` focuses its
// search, a drawer showing the active row moves it with j/k. The hotkey engine owns every global key; the list only says it is there.

export interface ListHandle {
  focusSearch(): void
  /** Moves the active row by `delta` (j/k from a drawer showing the active row). */
  step(delta: number): void
  /** Focuses the list on its first row (new entries shown at the top). */
  first(): void
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
