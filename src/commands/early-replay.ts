import type { EarlyKey } from '../lib/early-keys'
import { createHotkeyEngine, type Binding } from './hotkey-engine'

/** What keys pressed during boot amount to: commands to run, and the palette with its text. */
export interface EarlyPlan {
  readonly run: readonly string[]
  /** The palette's search text when the keys leave it open, else null. */
  readonly palette: string | null
}

// Older keys were pressed at a page that never became the shell (a failed profile load, say):
// the user has moved on, and replaying them would surprise.
export const EARLY_KEYS_MAX_AGE_MS = 10_000

const idle = { editable: false, modal: false }
const inPalette = { editable: true, modal: true }

/** The text a run of keys types into a focused search field. */
export function typedText(text: string, keys: readonly EarlyKey[]): string {
  let typed = text
  for (const key of keys) {
    if (key.key === 'Backspace') typed = typed.slice(0, -1)
    // Ctrl+Alt is AltGr (the German `@`): it types a character.
    else if (key.key.length === 1 && (!(key.ctrlKey || key.metaKey) || key.altKey)) typed += key.key
  }
  return typed
}

/**
 * Replays boot-time keys through the same engine and bindings as live ones: shortcuts run in
 * order, the palette's chord opens it and what follows is its search (Escape or the chord again
 * closes it, as they would live).
 */
export function planEarlyKeys(
  keys: readonly EarlyKey[],
  bindings: readonly Binding[],
  paletteId: string,
): EarlyPlan {
  const engine = createHotkeyEngine(bindings)
  const run: string[] = []
  let palette: string | null = null
  for (const key of keys) {
    if (palette === null) {
      const outcome = engine.handle(key, idle, key.timeStamp)
      if (outcome.kind !== 'run') continue
      if (outcome.id === paletteId) palette = ''
      else run.push(outcome.id)
      continue
    }
    const outcome = engine.handle(key, inPalette, key.timeStamp)
    if (key.key === 'Escape' || (outcome.kind === 'run' && outcome.id === paletteId)) palette = null
    else palette = typedText(palette, [key])
  }
  return { run, palette }
}
