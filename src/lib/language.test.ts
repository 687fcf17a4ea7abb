import { describe, expect, it } from 'vitest'
import { detectLanguage, toLanguage } from './language'

describe('toLanguage', () => {
  it('maps de-prefixed tags to German and everything else to English', () => {
    expect(toLanguage('de')).toBe('de')
    expect(toLanguage('de-AT')).toBe('de')
    expect(toLanguage('DE-ch')).toBe('de')
    expect(toLanguage('en-GB')).toBe('en')
    expect(toLanguage('fr')).toBe('en')
  })

  it('discards empty and script-looking values', () => {
    expect(toLanguage(null)).toBeNull()
    expect(toLanguage('  ')).toBeNull()
    expect(toLanguage('<script>alert(1)</script>')).toBeNull()
    expect(toLanguage('de"><img src=x onerror=alert(1)>')).toBeNull()
    expect(toLanguage('javascript:alert(1)')).toBeNull()
    expect(toLanguage('de%3Cscript%3E')).toBeNull()
  })
})

describe('detectLanguage', () => {
  it('prefers the query parameter, then the saved value, then the browser', () => {
    expect(detectLanguage({ query: 'de', saved: 'en', browser: ['en-US'] })).toBe('de')
    expect(detectLanguage({ query: null, saved: 'de', browser: ['en-US'] })).toBe('de')
    expect(detectLanguage({ query: null, saved: null, browser: ['de-DE', 'en'] })).toBe('de')
    expect(detectLanguage({ query: null, saved: null, browser: [] })).toBe('en')
  })

  it('skips a script-looking query parameter and falls through', () => {
    expect(detectLanguage({ query: '<script>x</script>', saved: 'de', browser: ['en'] })).toBe('de')
    expect(detectLanguage({ query: '<script>de</script>', saved: null, browser: ['en'] })).toBe(
      'en',
    )
  })
})
