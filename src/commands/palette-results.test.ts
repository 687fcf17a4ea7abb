import { describe, expect, it } from 'vitest'
import type { Command } from './command'
import type { EntityHit, EntitySource } from './entity-source'
import { createMatcher } from './matcher'
import { arrange, type ListedCommand, type PaletteRow } from './palette-results'

const command = (id: string, group: Command['group']): ListedCommand => ({
  command: { id, label: () => id, group, needs: {}, run: () => {} },
  availability: { state: 'enabled' },
})

const listed = [
  command('go.dashboard', 'navigation'),
  command('go.organizations', 'navigation'),
  command('create.organizations', 'create'),
  command('theme.dark', 'actions'),
]

const source: EntitySource<{ id: number; name: string }> = {
  kind: 'organizations',
  heading: () => 'Organizations',
  needs: {},
  search: () => Promise.resolve([]),
  view: (org) => ({ id: String(org.id), title: org.name }),
  actions: [],
}

const hits = (...names: string[]): EntityHit[] =>
  names.map((name, i) => ({
    source: source,
    entity: { id: i, name },
    view: { id: String(i), title: name },
  }))

const texts = listed.map((entry) => ({ id: entry.command.id, text: entry.command.id }))

/** What a row shows: a command by its id, an entity by its title. */
const shown = (row: PaletteRow): string =>
  row.kind === 'command' ? row.listed.command.id : row.hit.view.title

describe('arrange', () => {
  it('puts recents first with an empty query, leaving out recents that no longer exist', () => {
    const sections = arrange({
      text: '',
      listed,
      outcome: createMatcher(texts).search('', 50),
      recents: ['theme.dark', 'gone.command'],
      entities: [],
    })
    expect(sections.map((section) => section.id)).toEqual([
      'recent',
      'navigation',
      'create',
      'actions',
    ])
    expect(sections[0]?.rows.map(shown)).toEqual(['theme.dark'])
  })

  it('puts the section with the best match first when there is a query', () => {
    const sections = arrange({
      text: 'acme',
      listed,
      outcome: createMatcher(texts).search('acme', 50),
      recents: ['theme.dark'],
      entities: [hits('Beta', 'Acme Security')],
    })
    expect(sections[0]?.id).toBe('organizations')
    expect(sections[0]?.rows.map(shown)).toEqual(['Acme Security', 'Beta'])
    expect(sections.some((section) => section.id === 'recent')).toBe(false)
  })

  it('shows only entities when commands are out of scope', () => {
    const sections = arrange({
      text: 'be',
      listed,
      outcome: null,
      recents: [],
      entities: [hits('Beta')],
    })
    expect(sections.map((section) => section.id)).toEqual(['organizations'])
  })
})
