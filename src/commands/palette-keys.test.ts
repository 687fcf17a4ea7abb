import { describe, expect, it } from 'vitest'
import { movesSelection, paletteKeyIntent, type PaletteKeyState } from './palette-keys'

const key = (
  name: string,
  mods: { ctrl?: boolean; meta?: boolean; alt?: boolean; shift?: boolean } = {},
) => ({
  key: name,
  ctrlKey: mods.ctrl ?? false,
  metaKey: mods.meta ?? false,
  altKey: mods.alt ?? false,
  shiftKey: mods.shift ?? false,
})

const idle: PaletteKeyState = {
  loading: false,
  moved: false,
  emptyQuery: false,
  onActions: false,
  onEntity: false,
  caretAtEnd: true,
}

describe('the palette’s own keys', () => {
  it('moves with Ctrl+N and Ctrl+P, not with another modifier beside Ctrl', () => {
    expect(paletteKeyIntent(key('n', { ctrl: true }), idle)).toEqual({ kind: 'step', delta: 1 })
    expect(paletteKeyIntent(key('p', { ctrl: true }), idle)).toEqual({ kind: 'step', delta: -1 })
    expect(paletteKeyIntent(key('n', { ctrl: true, meta: true }), idle)).toBeNull()
    expect(paletteKeyIntent(key('p', { ctrl: true, alt: true }), idle)).toBeNull()
    expect(paletteKeyIntent(key('n'), idle)).toBeNull()
  })

  it('keeps an Enter typed before the results for when they arrive, unless the user moved', () => {
    const loading = { ...idle, loading: true }
    expect(paletteKeyIntent(key('Enter'), loading)).toEqual({ kind: 'runFirstWhenLoaded' })
    expect(paletteKeyIntent(key('Enter'), { ...loading, moved: true })).toBeNull()
    expect(paletteKeyIntent(key('Enter'), idle)).toBeNull()
  })

  it('goes back from an entity’s actions on Backspace in an empty query only', () => {
    const actions = { ...idle, onActions: true, emptyQuery: true }
    expect(paletteKeyIntent(key('Backspace'), actions)).toEqual({ kind: 'back' })
    expect(paletteKeyIntent(key('Backspace'), { ...actions, emptyQuery: false })).toBeNull()
    expect(paletteKeyIntent(key('Backspace'), { ...actions, onActions: false })).toBeNull()
  })

  it('opens an entity’s actions with Tab, or → at the end of the query', () => {
    const entity = { ...idle, onEntity: true }
    expect(paletteKeyIntent(key('Tab'), entity)).toEqual({ kind: 'openActions' })
    expect(paletteKeyIntent(key('ArrowRight'), entity)).toEqual({ kind: 'openActions' })
    expect(paletteKeyIntent(key('ArrowRight'), { ...entity, caretAtEnd: false })).toBeNull()
    expect(paletteKeyIntent(key('Tab', { shift: true }), entity)).toBeNull()
    expect(paletteKeyIntent(key('Tab'), idle)).toBeNull()
  })

  it('counts the arrows, Home, End and the page keys as moving the selection', () => {
    for (const name of ['ArrowUp', 'ArrowDown', 'Home', 'End', 'PageUp', 'PageDown'])
      expect(movesSelection(name)).toBe(true)
    expect(movesSelection('ArrowRight')).toBe(false)
    expect(movesSelection('Enter')).toBe(false)
  })
})
