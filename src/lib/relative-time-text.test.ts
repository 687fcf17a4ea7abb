import { describe, expect, it } from 'vitest'
import de from '../../i18n/de'
import en from '../../i18n/en'
import { initFormatters } from '../../i18n/formatters'
import type { Translations } from '../../i18n/i18n-types'
import { i18nObject, loadedFormatters, loadedLocales } from '../../i18n/i18n-util'
import { formatRelativeTime } from './relative-time-text'

loadedLocales.en = en as Translations
loadedLocales.de = de
loadedFormatters.en = initFormatters('en')
loadedFormatters.de = initFormatters('de')

const now = Date.UTC(2026, 5, 1, 12)
const s = 1000
const day = 86_400 * s

describe('formatRelativeTime', () => {
  it('speaks English with singular and plural', () => {
    const LL = i18nObject('en')
    expect(formatRelativeTime(LL, now, now)).toBe('just now')
    expect(formatRelativeTime(LL, now - s, now)).toBe('1 second ago')
    expect(formatRelativeTime(LL, now - 5 * s, now)).toBe('5 seconds ago')
    expect(formatRelativeTime(LL, now - 60 * s, now)).toBe('1 minute ago')
    expect(formatRelativeTime(LL, now - 2 * 3600 * s, now)).toBe('2 hours ago')
    expect(formatRelativeTime(LL, now - day, now)).toBe('1 day ago')
    expect(formatRelativeTime(LL, now - 14 * day, now)).toBe('2 weeks ago')
    expect(formatRelativeTime(LL, now - 30 * day, now)).toBe('1 month ago')
    expect(formatRelativeTime(LL, now - 730 * day, now)).toBe('2 years ago')
  })

  it('speaks German with its plural forms', () => {
    const LL = i18nObject('de')
    expect(formatRelativeTime(LL, now, now)).toBe('gerade eben')
    expect(formatRelativeTime(LL, now - s, now)).toBe('vor 1 Sekunde')
    expect(formatRelativeTime(LL, now - 3 * 60 * s, now)).toBe('vor 3 Minuten')
    expect(formatRelativeTime(LL, now - day, now)).toBe('vor 1 Tag')
    expect(formatRelativeTime(LL, now - 3 * day, now)).toBe('vor 3 Tagen')
    expect(formatRelativeTime(LL, now - 60 * day, now)).toBe('vor 2 Monaten')
    expect(formatRelativeTime(LL, now - 365 * day, now)).toBe('vor 1 Jahr')
  })
})
