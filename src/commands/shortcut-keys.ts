import type { TranslationFunctions } from '../../i18n/i18n-types'
import type { Shortcut } from './command'
import { parseShortcut } from './hotkey-engine'

// macOS prints its modifiers as the symbols on its keys, in every language.
const MAC: Record<string, string> = { mod: '⌘', alt: '⌥', shift: '⇧' }

type KeyNames = TranslationFunctions['commands']['keys']

const isNamed = (names: KeyNames, key: string): key is keyof KeyNames => Object.hasOwn(names, key)

/**
 * A key cap in the reader's language: a shortcut's token (`mod`, `pagedown`, `k`) named by the
 * i18n table `commands.keys`, or a character key as its keycap prints it.
 */
export function keyName(LL: TranslationFunctions, token: string, mac: boolean): string {
  const symbol = mac ? MAC[token] : undefined
  if (symbol !== undefined) return symbol
  const names = LL.commands.keys
  return isNamed(names, token) ? names[token]() : token.toUpperCase()
}

/** Key caps to print for a shortcut: one array per chord of the sequence, one string per key. */
export function shortcutKeys(
  shortcut: Shortcut,
  LL: TranslationFunctions,
  mac: boolean,
): string[][] {
  return parseShortcut(shortcut).map((chord) =>
    chord.split('+').map((part) => keyName(LL, part, mac)),
  )
}
