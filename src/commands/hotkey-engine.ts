import { isCharacterKey } from '../ui/single-keys'
import type { Shortcut } from './command'

/**
 * The keyboard model, pure: key events in, command ids out. The DOM listener (use-hotkeys.ts) only
 * describes each event and the situation it happened in; sequences, timeouts, layouts and the
 * "not while typing" rule live here where they can be tested without a browser.
 */

/** The parts of a KeyboardEvent the engine reads. */
export interface KeyInput {
  readonly key: string
  readonly code: string
  readonly ctrlKey: boolean
  readonly metaKey: boolean
  readonly altKey: boolean
  readonly shiftKey: boolean
  readonly repeat?: boolean
}

export interface Situation {
  /** Focus is in a text field, text area, select or contenteditable. */
  readonly editable: boolean
  /** A modal dialog other than the one the binding belongs to is open: the page behind is inert. */
  readonly modal: boolean
}

/** `always` works while typing and over dialogs (the palette's Ctrl/Cmd+K); `idle` does not. */
export type HotkeyScope = 'always' | 'idle'

export interface Binding {
  readonly id: string
  readonly shortcut: Shortcut
  readonly scope: HotkeyScope
}

export type HotkeyOutcome =
  | { readonly kind: 'run'; readonly id: string }
  | { readonly kind: 'pending' }
  | { readonly kind: 'none' }

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'OS', 'CapsLock'])
const PRINTABLE_ASCII = /^[\x21-\x7e]$/
const LETTER = /^[a-z]$/

/**
 * One canonical chord string per key press: `[mod+][alt+][shift+]key`. Letters come from
 * `event.key`, so `g` is `g` on QWERTY, QWERTZ and AZERTY alike; only when the key is not a Latin
 * character (a Cyrillic layout, or macOS turning Alt+G into ©) does the physical `event.code`
 * stand in. Symbols come from `event.key` with Shift folded in, because `?` is Shift+/ on a US
 * layout and Shift+ß on a German one. Ctrl together with Alt is AltGr on Windows (the German `@`
 * is AltGr+Q), so it types a character rather than forming a chord.
 */
export function chordOf(input: KeyInput): string | null {
  if (MODIFIER_KEYS.has(input.key) || input.key === 'Dead' || input.key === 'Unidentified') {
    return null
  }
  const altGr = input.ctrlKey && input.altKey
  const mod = !altGr && (input.ctrlKey || input.metaKey)
  const alt = !altGr && input.altKey
  let key = input.key.toLowerCase()
  const physical = /^Key([A-Z])$/.exec(input.code)?.[1]?.toLowerCase()
  if (key.length === 1 && !PRINTABLE_ASCII.test(key) && physical !== undefined) key = physical
  if (key === ' ') key = 'space'
  const named = key.length > 1
  const shift = input.shiftKey && (LETTER.test(key) || named)
  return `${mod ? 'mod+' : ''}${alt ? 'alt+' : ''}${shift ? 'shift+' : ''}${key}`
}

/** `"g o"` → `["g", "o"]`, with modifiers put in the order `chordOf` produces. */
export function parseShortcut(shortcut: Shortcut): string[] {
  return shortcut
    .trim()
    .split(/\s+/)
    .map((chord) => {
      const parts = chord.toLowerCase().split('+')
      const key = parts.pop() ?? ''
      const order = ['mod', 'alt', 'shift'].filter((modifier) => parts.includes(modifier))
      return [...order, key].join('+')
    })
}

/**
 * A shortcut of character keys only (`g o`, `j`, `?`, `shift+x`): no chord holds Ctrl/⌘ or Alt
 * and each key types a character. These are what turning single-key shortcuts off removes.
 */
export function isSingleKey(shortcut: Shortcut): boolean {
  return parseShortcut(shortcut).every((chord) => {
    const parts = chord.split('+')
    const key = parts.pop() ?? ''
    return !parts.includes('mod') && !parts.includes('alt') && isCharacterKey(key)
  })
}

export interface HotkeyEngine {
  handle(input: KeyInput, situation: Situation, now: number): HotkeyOutcome
  reset(): void
}

interface ParsedBinding {
  readonly id: string
  readonly chords: readonly string[]
  readonly scope: HotkeyScope
}

const startsWith = (chords: readonly string[], prefix: readonly string[]) =>
  prefix.length <= chords.length && prefix.every((chord, i) => chords[i] === chord)

/**
 * A sequence that is a prefix of another (`g` beside `g o`) could never wait for its second key
 * without delaying the first, so the registry must not contain one; this throws at start-up.
 */
export function createHotkeyEngine(
  bindings: readonly Binding[],
  options: { readonly timeoutMs?: number } = {},
): HotkeyEngine {
  const timeoutMs = options.timeoutMs ?? 1200
  const parsed: ParsedBinding[] = bindings.map((binding) => ({
    id: binding.id,
    chords: parseShortcut(binding.shortcut),
    scope: binding.scope,
  }))
  for (const a of parsed) {
    for (const b of parsed) {
      if (a !== b && startsWith(b.chords, a.chords)) {
        throw new Error(`Shortcut of ${a.id} (${a.chords.join(' ')}) shadows ${b.id}`)
      }
    }
  }

  let pending: string[] = []
  let pendingAt = 0

  function resolve(sequence: readonly string[], situation: Situation): HotkeyOutcome {
    const eligible = parsed.filter(
      (binding) => binding.scope === 'always' || (!situation.editable && !situation.modal),
    )
    const exact = eligible.find(
      (binding) =>
        binding.chords.length === sequence.length && startsWith(binding.chords, sequence),
    )
    if (exact !== undefined) return { kind: 'run', id: exact.id }
    if (eligible.some((binding) => startsWith(binding.chords, sequence))) return { kind: 'pending' }
    return { kind: 'none' }
  }

  return {
    handle(input, situation, now) {
      const chord = chordOf(input)
      if (chord === null || input.repeat === true) return { kind: 'none' }
      if (pending.length > 0 && now - pendingAt > timeoutMs) pending = []
      let sequence = [...pending, chord]
      let outcome = resolve(sequence, situation)
      // A key that breaks a sequence may still start one: `g x g o` goes to organizations.
      if (outcome.kind === 'none' && pending.length > 0) {
        sequence = [chord]
        outcome = resolve(sequence, situation)
      }
      pending = outcome.kind === 'pending' ? sequence : []
      pendingAt = now
      return outcome
    },
    reset() {
      pending = []
    },
  }
}
