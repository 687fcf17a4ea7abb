import { describe, expect, it } from 'vitest'
import {
  chordOf,
  createHotkeyEngine,
  isSingleKey,
  parseShortcut,
  type KeyInput,
} from './hotkey-engine'

const press = (key: string, code: string, modifiers: Partial<KeyInput> = {}): KeyInput => ({
  key,
  code,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...modifiers,
})

const idle = { editable: false, modal: false }
const typing = { editable: true, modal: false }
const overDialog = { editable: false, modal: true }

const bindings = [
  { id: 'palette', shortcut: 'mod+k', scope: 'always' as const },
  { id: 'go.organizations', shortcut: 'g o', scope: 'idle' as const },
  { id: 'go.audits', shortcut: 'g a', scope: 'idle' as const },
  { id: 'go.users', shortcut: 'g u', scope: 'idle' as const },
  { id: 'cheat-sheet', shortcut: '?', scope: 'idle' as const },
]

describe('chordOf', () => {
  it('reads letters from event.key, so QWERTZ letters are where they are printed', () => {
    // German layout: the key printed Z sits where QWERTY has Y.
    expect(chordOf(press('z', 'KeyY'))).toBe('z')
    expect(chordOf(press('G', 'KeyG', { shiftKey: true }))).toBe('shift+g')
  })

  it('reads ? from event.key on US (Shift+/) and German (Shift+ß) layouts', () => {
    expect(chordOf(press('?', 'Slash', { shiftKey: true }))).toBe('?')
    expect(chordOf(press('?', 'Minus', { shiftKey: true }))).toBe('?')
  })

  it('falls back to event.code when the key is not a Latin character', () => {
    expect(chordOf(press('л', 'KeyK', { ctrlKey: true }))).toBe('mod+k')
    expect(chordOf(press('©', 'KeyG', { altKey: true }))).toBe('alt+g')
  })

  it('treats Ctrl and Cmd alike and AltGr (Ctrl+Alt) as typing a character', () => {
    expect(chordOf(press('k', 'KeyK', { ctrlKey: true }))).toBe('mod+k')
    expect(chordOf(press('k', 'KeyK', { metaKey: true }))).toBe('mod+k')
    expect(chordOf(press('@', 'KeyQ', { ctrlKey: true, altKey: true }))).toBe('@')
  })

  it('ignores bare modifiers and dead keys', () => {
    expect(chordOf(press('Shift', 'ShiftLeft', { shiftKey: true }))).toBeNull()
    expect(chordOf(press('Dead', 'Equal'))).toBeNull()
  })

  it('parses shortcuts into the same canonical chords', () => {
    expect(parseShortcut('shift+mod+K')).toEqual(['mod+shift+k'])
    expect(parseShortcut(' g  o ')).toEqual(['g', 'o'])
  })
})

describe('hotkey engine', () => {
  it('runs a two-key sequence and reports the first key as pending', () => {
    const engine = createHotkeyEngine(bindings)
    expect(engine.handle(press('g', 'KeyG'), idle, 0)).toEqual({ kind: 'pending' })
    expect(engine.handle(press('o', 'KeyO'), idle, 100)).toEqual({
      kind: 'run',
      id: 'go.organizations',
    })
  })

  it('forgets a started sequence after the timeout', () => {
    const engine = createHotkeyEngine(bindings, { timeoutMs: 1000 })
    engine.handle(press('g', 'KeyG'), idle, 0)
    expect(engine.handle(press('o', 'KeyO'), idle, 1500)).toEqual({ kind: 'none' })
  })

  it('lets a key that breaks a sequence start a new one', () => {
    const engine = createHotkeyEngine(bindings)
    engine.handle(press('g', 'KeyG'), idle, 0)
    expect(engine.handle(press('g', 'KeyG'), idle, 10)).toEqual({ kind: 'pending' })
    expect(engine.handle(press('a', 'KeyA'), idle, 20)).toEqual({ kind: 'run', id: 'go.audits' })
  })

  it('does nothing while typing in a field, except Ctrl/Cmd+K', () => {
    const engine = createHotkeyEngine(bindings)
    expect(engine.handle(press('g', 'KeyG'), typing, 0)).toEqual({ kind: 'none' })
    expect(engine.handle(press('o', 'KeyO'), typing, 10)).toEqual({ kind: 'none' })
    expect(engine.handle(press('?', 'Slash', { shiftKey: true }), typing, 20)).toEqual({
      kind: 'none',
    })
    expect(engine.handle(press('k', 'KeyK', { ctrlKey: true }), typing, 30)).toEqual({
      kind: 'run',
      id: 'palette',
    })
  })

  it('keeps page hotkeys away from the page behind an open dialog', () => {
    const engine = createHotkeyEngine(bindings)
    expect(engine.handle(press('g', 'KeyG'), overDialog, 0)).toEqual({ kind: 'none' })
    expect(engine.handle(press('k', 'KeyK', { metaKey: true }), overDialog, 10)).toEqual({
      kind: 'run',
      id: 'palette',
    })
  })

  it('works on a German layout: ? is Shift+ß, the sequence letters are unchanged', () => {
    const engine = createHotkeyEngine(bindings)
    expect(engine.handle(press('?', 'Minus', { shiftKey: true }), idle, 0)).toEqual({
      kind: 'run',
      id: 'cheat-sheet',
    })
    engine.handle(press('g', 'KeyG'), idle, 10)
    expect(engine.handle(press('u', 'KeyU'), idle, 20)).toEqual({ kind: 'run', id: 'go.users' })
  })

  it('ignores auto-repeat so a held key fires once', () => {
    const engine = createHotkeyEngine(bindings)
    expect(engine.handle({ ...press('?', 'Slash'), repeat: true }, idle, 0)).toEqual({
      kind: 'none',
    })
  })

  it('refuses a shortcut that shadows a longer one', () => {
    expect(() =>
      createHotkeyEngine([
        { id: 'a', shortcut: 'g', scope: 'idle' },
        { id: 'b', shortcut: 'g o', scope: 'idle' },
      ]),
    ).toThrow(/shadows/)
  })
})

describe('isSingleKey', () => {
  it('names the shortcuts made of character keys only (WCAG 2.1.4)', () => {
    for (const shortcut of ['g o', 'j', '?', '#', 'shift+x', 't d', '/'])
      expect(isSingleKey(shortcut), shortcut).toBe(true)
    for (const shortcut of ['mod+k', 'alt+n', 'arrowdown', 'enter', 'delete', 'space', 'escape'])
      expect(isSingleKey(shortcut), shortcut).toBe(false)
  })
})
