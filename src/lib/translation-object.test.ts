import { i18nObject } from 'typesafe-i18n'
import { describe, expect, it } from 'vitest'
import de from '../../i18n/de'
import en from '../../i18n/en'
import { initFormatters } from '../../i18n/formatters'
import type { TranslationFunctions } from '../../i18n/i18n-types'
import { translationObject } from './translation-object'

// Every word of a dictionary, as the path of keys that reaches it.
function paths(section: object, prefix: string[] = []): string[][] {
  return Object.entries(section).flatMap(([key, value]) =>
    typeof value === 'string' ? [[...prefix, key]] : paths(value as object, [...prefix, key]),
  )
}

function at(root: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((node, key) => Reflect.get(node as object, key), root)
}

// Arguments that fill every kind of placeholder the dictionaries use.
const ARGS = {
  count: 3,
  name: 'Ada',
  email: 'ada@example.com',
  total: 12,
  value: 'x',
  date: new Date(Date.UTC(2026, 0, 31, 8)),
}

describe('translationObject', () => {
  for (const [language, dictionary] of [
    ['en', en],
    ['de', de],
  ] as const) {
    it(`translates every ${language} word as typesafe-i18n's object does`, () => {
      const formatters = initFormatters(language)
      const ours = translationObject<TranslationFunctions>(language, dictionary, formatters)
      const theirs = i18nObject(language, dictionary, formatters)
      const words = paths(dictionary)
      expect(words.length).toBeGreaterThan(500)
      for (const path of words) {
        const translate = (root: unknown) => (at(root, path) as (args: object) => string)(ARGS)
        expect(translate(ours), path.join('.')).toBe(translate(theirs))
      }
    })
  }

  it('answers the same node for the same path, so a read builds nothing', () => {
    const LL = translationObject<TranslationFunctions>('en', en, initFormatters('en'))
    expect(LL.time).toBe(LL.time)
    expect(LL.time.hoursAgo).toBe(LL.time.hoursAgo)
    expect(LL.time.hoursAgo({ count: 2 })).toBe('2 hours ago')
  })

  it('translates a path the dictionary lacks to nothing, as typesafe-i18n does', () => {
    const LL = translationObject<Record<string, Record<string, () => string>>>('en', en)
    expect(LL.missing?.word?.()).toBe('')
    expect('common' in LL).toBe(true)
    expect('missing' in LL).toBe(false)
  })

  it('iterates over a section as typesafe-i18n does', () => {
    const formatters = initFormatters('en')
    type Section = Iterable<(args: typeof ARGS) => string>
    const words = (LL: unknown) => [...(LL as { common: Section }).common].map((word) => word(ARGS))
    const ours = words(translationObject<TranslationFunctions>('en', en, formatters))
    expect(ours).toEqual(words(i18nObject('en', en, formatters)))
    expect(ours).toHaveLength(Object.keys(en.common).length)
  })
})
