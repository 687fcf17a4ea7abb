import { describe, expect, it } from 'vitest'
import en from '../../../i18n/en'
import { initFormatters } from '../../../i18n/formatters'
import type { Translations } from '../../../i18n/i18n-types'
import { i18nObject, loadedFormatters, loadedLocales } from '../../../i18n/i18n-util'
import { entityCommands, type EntityHit } from '../../commands/entity-source'
import type { PaletteContext } from '../../commands/registry'
import type { Group } from '../../contract/access-model'
import { allPermissions, type Can } from '../../contract/permissions'
import { groupSource } from './group-source'

loadedLocales.en = en as Translations
loadedFormatters.en = initFormatters('en')
const LL = i18nObject('en')

const holding =
  (held: readonly string[]): Can =>
  (anyOf) =>
    anyOf.some((p) => held.includes(p))

// The seeded roles (decision 065): org admins change groups in their organization, staff read.
const orgAdmin = holding(allPermissions.filter((p) => p.endsWith(':org')))
const staff = holding(['groups:read:org', 'users:read:org'])

const frontDesk: Group = {
  group_id: 3,
  organization_id: 1,
  name: 'Front desk',
  description: 'Reception, mornings',
  member_count: 4,
  created_at: '2027-01-04T08:00:00Z',
  updated_at: '2027-01-04T08:00:00Z',
}

function offered(can: Can) {
  const hit: EntityHit<PaletteContext> = {
    source: groupSource,
    entity: frontDesk,
    view: groupSource.view(frontDesk),
  }
  return entityCommands(hit, can, { userId: 1 }).map(({ command }) => command.label(LL))
}

describe('groups in the palette', () => {
  it('reads a group by its name and description', () => {
    expect(groupSource.view(frontDesk)).toEqual({
      id: '3',
      title: 'Front desk',
      subtitle: 'Reception, mornings',
    })
  })

  it('offers readers viewing only; those who change groups add, edit and delete', () => {
    expect(offered(staff)).toEqual(['View group', 'Show in the list'])
    expect(offered(orgAdmin)).toEqual([
      'View group',
      'Add members…',
      'Edit group',
      'Delete group',
      'Show in the list',
    ])
  })
})
