import { describe, expect, it } from 'vitest'
import de from '../../i18n/de'
import en from '../../i18n/en'
import { initFormatters } from '../../i18n/formatters'
import type { Translations } from '../../i18n/i18n-types'
import { i18nObject, loadedFormatters, loadedLocales } from '../../i18n/i18n-util'
import { roleName } from './role-name'

loadedLocales.en = en as Translations
loadedLocales.de = de
loadedFormatters.en = initFormatters('en')
loadedFormatters.de = initFormatters('de')

describe('roleName', () => {
  it('translates the seeded roles', () => {
    expect(roleName(i18nObject('en'), 'org_admin')).toBe('Organization admin')
    expect(roleName(i18nObject('de'), 'staff')).toBe('Mitarbeiter')
  })

  it('spells out a role it does not know instead of showing its id', () => {
    expect(roleName(i18nObject('en'), 'night_guard')).toBe('Night guard')
    expect(roleName(i18nObject('de'), 'night_guard')).toBe('Night guard')
  })
})
