/** What the palette does with a key beyond cmdk's own handling; null leaves the key to cmdk. */
export type PaletteKeyIntent =
  | { kind: 'step'; delta: 1 | -1 }
  /** Enter typed before the server's results arrive: the first result runs once they do. */
  | { kind: 'runFirstWhenLoaded' }
  /** Backspace in an empty query on an entity's actions: back to the results. */
  | { kind: 'back' }
  /** Tab, or → at the query's end, on an entity: its actions. */
  | { kind: 'openActions' }

export type PaletteKey = Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>

export interface PaletteKeyState {
  /** The server's results for the query are still on their way. */
  loading: boolean
  /** The user moved the selection since the results last changed. */
  moved: boolean
  /** The query is empty. */
  emptyQuery: boolean
  /** The palette shows one entity's actions. */
  onActions: boolean
  /** The selected row is an entity. */
  onEntity: boolean
  /** The caret stands at the end of the query. */
  caretAtEnd: boolean
}

const plainCtrl = (key: PaletteKey) => key.ctrlKey && !key.metaKey && !key.altKey

// The first rule that matches decides; its order is the palette's precedence.
const rules: readonly {
  when: (key: PaletteKey, state: PaletteKeyState) => boolean
  intent: PaletteKeyIntent
}[] = [
  // Emacs-style Ctrl+N / Ctrl+P move like the arrows (Ctrl+K stays the palette's own key).
  { when: (key) => plainCtrl(key) && key.key === 'n', intent: { kind: 'step', delta: 1 } },
  { when: (key) => plainCtrl(key) && key.key === 'p', intent: { kind: 'step', delta: -1 } },
  {
    when: (key, state) => key.key === 'Enter' && state.loading && !state.moved,
    intent: { kind: 'runFirstWhenLoaded' },
  },
  {
    when: (key, state) => key.key === 'Backspace' && state.emptyQuery && state.onActions,
    intent: { kind: 'back' },
  },
  {
    when: (key, state) =>
      state.onEntity &&
      !key.shiftKey &&
      (key.key === 'Tab' || (key.key === 'ArrowRight' && state.caretAtEnd)),
    intent: { kind: 'openActions' },
  },
]

export function paletteKeyIntent(key: PaletteKey, state: PaletteKeyState): PaletteKeyIntent | null {
  return rules.find((rule) => rule.when(key, state))?.intent ?? null
}

const NAVIGATION_KEYS = new Set(['ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'])

/** Keys that move the selection: late server results must not yank it back to the top after. */
export const movesSelection = (key: string) => NAVIGATION_KEYS.has(key)
