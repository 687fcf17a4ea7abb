import { describe, expect, it } from 'vitest'
import type { EarlyKey } from '../lib/early-keys'
import { planEarlyKeys, typedText } from './early-replay'
import type { Binding } from './hotkey-engine'

const bindings: Binding[] = [
  { id: 'palette.toggle', shortcut: 'mod+k', scope: 'always' },
  { id: 'go.organizations', shortcut: 'g o', scope: 'idle' },
  { id: 'shortcuts.show', shortcut: '?', scope: 'idle' },
]

let clock = 0
function key(value: string, modifiers: Partial<EarlyKey> = {}): EarlyKey {
  clock += 10
  const code = /^[a-z]$/i.test(value) ? `Key${value.toUpperCase()}` : ''
  return {
    key: value,
    code,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    repeat: false,
    timeStamp: clock,
    ...modifiers,
  }
}

const keys = (text: string) => [...text].map((character) => key(character))
const ctrlK = () => key('k', { ctrlKey: true })

describe('planEarlyKeys', () => {
  it('opens the palette with what was typed after Ctrl/Cmd+K', () => {
    expect(planEarlyKeys([ctrlK(), ...keys('staff')], bindings, 'palette.toggle')).toEqual({
      run: [],
      palette: 'staff',
    })
    const cmdK = key('k', { metaKey: true })
    expect(planEarlyKeys([cmdK, ...keys('ab')], bindings, 'palette.toggle').palette).toBe('ab')
  })

  it('runs shortcuts typed before the palette chord in order, as live keys would', () => {
    const plan = planEarlyKeys([...keys('go'), key('?'), ctrlK()], bindings, 'palette.toggle')
    expect(plan).toEqual({ run: ['go.organizations', 'shortcuts.show'], palette: '' })
  })

  it('letters typed after the palette opened are its search, never shortcuts', () => {
    const plan = planEarlyKeys([ctrlK(), ...keys('go?')], bindings, 'palette.toggle')
    expect(plan).toEqual({ run: [], palette: 'go?' })
  })

  it('Escape or the chord again closes it; Backspace deletes', () => {
    const escaped = [ctrlK(), ...keys('ab'), key('Escape')]
    expect(planEarlyKeys(escaped, bindings, 'palette.toggle').palette).toBeNull()
    expect(planEarlyKeys([ctrlK(), key('a'), ctrlK()], bindings, 'palette.toggle').palette).toBe(
      null,
    )
    const corrected = [ctrlK(), ...keys('ab'), key('Backspace'), key('c')]
    expect(planEarlyKeys(corrected, bindings, 'palette.toggle').palette).toBe('ac')
  })

  it('plain keys that are no shortcut do nothing', () => {
    expect(planEarlyKeys(keys('xyz'), bindings, 'palette.toggle')).toEqual({
      run: [],
      palette: null,
    })
  })
})

describe('typedText', () => {
  it('types characters (AltGr ones too), skips chords and named keys', () => {
    const altGrAt = key('@', { ctrlKey: true, altKey: true })
    const copy = key('c', { ctrlKey: true })
    expect(typedText('a', [key('b'), altGrAt, copy, key('Shift'), key('Enter')])).toBe('ab@')
  })
})
