import { describe, expect, it } from 'vitest'
import de from '../../i18n/de'
import en from '../../i18n/en'
import { initFormatters } from '../../i18n/formatters'
import type { Translations } from '../../i18n/i18n-types'
import { i18nObject, loadedFormatters, loadedLocales } from '../../i18n/i18n-util'
import { keyName, shortcutKeys } from './shortcut-keys'

loadedLocales.en = en as Translations
loadedLocales.de = de
loadedFormatters.en = initFormatters('en')
loadedFormatters.de = initFormatters('de')

const english = i18nObject('en')
const german = i18nObject('de')

describe('shortcutKeys', () => {
  it('prints platform key caps per chord', () => {
    expect(shortcutKeys('mod+k', english, true)).toEqual([['⌘', 'K']])
    expect(shortcutKeys('mod+k', english, false)).toEqual([['Ctrl', 'K']])
    expect(shortcutKeys('g o', english, false)).toEqual([['G'], ['O']])
    expect(shortcutKeys('?', english, false)).toEqual([['?']])
    expect(shortcutKeys('shift+x', english, true)).toEqual([['⇧', 'X']])
  })

  it('names keys as a German keyboard labels them', () => {
    expect(shortcutKeys('mod+k', german, false)).toEqual([['Strg', 'K']])
    expect(shortcutKeys('shift+x', german, false)).toEqual([['Umschalt', 'X']])
    expect(shortcutKeys('mod+shift+enter', german, false)).toEqual([
      ['Strg', 'Umschalt', 'Eingabe'],
    ])
    // A Mac keeps its symbols in German too.
    expect(shortcutKeys('mod+shift+k', german, true)).toEqual([['⌘', '⇧', 'K']])
  })
})

describe('keyName', () => {
  const named = ['space', 'enter', 'home', 'end', 'pageup', 'pagedown', 'delete', 'escape', 'tab']

  it('reads every named key from the table, in each language', () => {
    expect(named.map((key) => keyName(english, key, false))).toEqual([
      'Space',
      'Enter',
      'Home',
      'End',
      'Page Up',
      'Page Down',
      'Delete',
      'Esc',
      'Tab',
    ])
    expect(named.map((key) => keyName(german, key, false))).toEqual([
      'Leertaste',
      'Eingabe',
      'Pos1',
      'Ende',
      'Bild auf',
      'Bild ab',
      'Entf',
      'Esc',
      'Tab',
    ])
  })

  it('keeps the arrows as symbols and prints a character key as its keycap', () => {
    expect(['arrowup', 'arrowdown'].map((key) => keyName(german, key, false))).toEqual(['↑', '↓'])
    expect(keyName(german, 'j', false)).toBe('J')
    expect(keyName(german, '/', true)).toBe('/')
  })
})
