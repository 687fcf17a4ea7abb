import type { Shortcut } from './command'
import { parseShortcut } from './hotkey-engine'

const MAC: Record<string, string> = { mod: '⌘', alt: '⌥', shift: '⇧' }
const OTHER: Record<string, string> = { mod: 'Ctrl', alt: 'Alt', shift: 'Shift' }
const NAMED: Record<string, string> = {
  space: 'Space',
  escape: 'Esc',
  enter: 'Enter',
  arrowdown: '↓',
  arrowup: '↑',
  home: 'Home',
  end: 'End',
  pagedown: 'Page Down',
  pageup: 'Page Up',
}

/** Key caps to print for a shortcut: one array per chord of the sequence, one string per key. */
export function shortcutKeys(shortcut: Shortcut, mac: boolean): string[][] {
  const names = mac ? MAC : OTHER
  return parseShortcut(shortcut).map((chord) =>
    chord.split('+').map((part) => names[part] ?? NAMED[part] ?? part.toUpperCase()),
  )
}
