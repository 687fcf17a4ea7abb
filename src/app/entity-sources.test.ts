import { describe, expect, it } from 'vitest'
import en from '../../i18n/en'
import { initFormatters } from '../../i18n/formatters'
import type { Translations } from '../../i18n/i18n-types'
import { i18nObject, loadedFormatters, loadedLocales } from '../../i18n/i18n-util'
import { matchVerbs } from '../commands/verbs'
import { allPermissions, type Can } from '../contract/permissions'
import { entitySources } from './entity-sources'

loadedLocales.en = en as Translations
loadedFormatters.en = initFormatters('en')
const LL = i18nObject('en')
const label = (message: (ll: typeof LL) => string) => message(LL)

const holding =
  (held: readonly string[]): Can =>
  (anyOf) =>
    anyOf.some((p) => held.includes(p))

const orgAdmin = holding(allPermissions.filter((p) => p.endsWith(':org')))
const staff = holding(allPermissions.filter((p) => p.includes(':read:')))

const verbIds = (text: string, can: Can) =>
  matchVerbs(text, entitySources, can, label)?.verbs.map((verb) => verb.action.id)

describe('the palette’s verbs on people and groups (decision 065)', () => {
  it('reads "add pia" as adding a person to a group and as adding members to a group', () => {
    // Every "Add …" verb this user may take ties on the one word: "Add floor" is among them.
    expect(verbIds('add pia', orgAdmin)).toEqual(
      expect.arrayContaining(['user.add-to-group', 'group.add-members']),
    )
    expect(matchVerbs('add pia', entitySources, orgAdmin, label)?.rest).toBe('pia')
  })

  it('reads "remove from pia" as taking a person out of a group', () => {
    expect(verbIds('remove from pia', orgAdmin)).toEqual(['user.remove-from-group'])
    expect(matchVerbs('remove from pia', entitySources, orgAdmin, label)?.rest).toBe('pia')
  })

  it('offers neither to those who only read groups', () => {
    expect(verbIds('add pia', staff)).toBeUndefined()
    expect(verbIds('remove from pia', staff)).toBeUndefined()
  })
})
