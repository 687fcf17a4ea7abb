import { describe, expect, it } from 'vitest'
import type { Command } from './command'
import type { EntityHit, EntitySource } from './entity-source'
import { createMatcher } from './matcher'
import {
  arrange,
  entityActionsSection,
  type ListedCommand,
  type PaletteRow,
} from './palette-results'

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

  it('lists a browsed kind’s recent ones first, and not again among the first rows', () => {
    const [, beta] = hits('Alpha', 'Beta')
    if (beta === undefined) throw new Error('no hit')
    const sections = arrange({
      text: '',
      listed,
      outcome: null,
      recents: [],
      entities: [hits('Alpha', 'Beta', 'Gamma')],
      recentEntities: [beta],
    })
    expect(sections.map((section) => section.id)).toEqual(['recent-entities', 'organizations'])
    expect(sections.map((section) => section.rows.map(shown))).toEqual([
      ['Beta'],
      ['Alpha', 'Gamma'],
    ])
  })
})

/** The ranking rule's table (decision 048): a query and the first result it must give. */
describe('the ranking rule', () => {
  const screens = ['Go to Audits', 'Go to Users', 'Go to Credentials', 'New user'].map(
    (label): ListedCommand => ({
      command: { id: label, label: () => label, group: 'navigation', needs: {}, run: () => {} },
      availability: { state: 'enabled' },
    }),
  )
  const named = (kind: 'users' | 'organizations', derived: boolean) =>
    ({ ...source, kind, heading: () => kind, derived }) as EntitySource<unknown>
  const users = named('users', false)
  const organizations = named('organizations', false)
  const credentials = { ...named('users', true), kind: 'credentials' } as EntitySource<unknown>
  const entity = (from: EntitySource<unknown>, title: string): EntityHit => ({
    source: from,
    entity: { title },
    view: { id: title, title },
  })
  const matcher = createMatcher(
    screens.map((entry) => ({ id: entry.command.id, text: entry.command.id })),
  )

  function firstFor(text: string, found: Record<string, string[]>): string | undefined {
    const sections = arrange({
      text,
      listed: screens,
      outcome: matcher.search(text, 50),
      recents: [],
      entities: [
        (found.organizations ?? []).map((title) => entity(organizations, title)),
        (found.users ?? []).map((title) => entity(users, title)),
        (found.credentials ?? []).map((title) => entity(credentials, title)),
      ],
    })
    const row = sections[0]?.rows[0]
    return row === undefined ? undefined : shown(row)
  }

  it.each([
    // A screen's word beats an entity that starts with it, even one matched exactly.
    [
      'audit',
      { credentials: ['auditor@demo.local → Smart lock – Reception door'] },
      'Go to Audits',
    ],
    ['users', { organizations: ['Users United'] }, 'Go to Users'],
    // An entity by its own name beats one matched through it.
    [
      'clara',
      { users: ['Clara Schmidt'], credentials: ['clara@demo.local → Lobby door'] },
      'Clara Schmidt',
    ],
    // A name no screen has reaches the entity, whichever kind holds it.
    ['acme', { organizations: ['Acme Corp'] }, 'Acme Corp'],
    [
      'smart',
      { credentials: ['staff@demo.local → Smart lock – Door 1'] },
      'staff@demo.local → Smart lock – Door 1',
    ],
    // A weak (fuzzy) screen match does not beat an entity matched by name.
    ['gtcr', { users: ['gtcr admin'] }, 'gtcr admin'],
  ])('"%s" gives %j → %s first', (text, found, expected) => {
    expect(firstFor(text, found)).toBe(expected)
  })
})

describe('the empty palette on an entity’s page', () => {
  const [clara, acme] = hits('Clara Weber', 'Acme')
  const edit = command('user.edit', 'actions')

  it('starts with the page’s actions, then the entities opened last, then recent commands', () => {
    if (clara === undefined || acme === undefined) throw new Error('no hits')
    const sections = arrange({
      text: '',
      listed,
      outcome: createMatcher(texts).search('', 50),
      recents: ['theme.dark'],
      entities: [],
      page: { hit: clara, actions: [edit] },
      recentEntities: [acme],
    })
    expect(sections.map((section) => section.id)).toEqual([
      'page',
      'recent-entities',
      'recent',
      'navigation',
      'create',
      'actions',
    ])
    expect(
      sections[0]?.heading({
        commands: { groups: { page: ({ name }: { name: string }) => `On ${name}` } },
      } as never),
    ).toBe('On Clara Weber')
    expect(sections[0]?.rows.map(shown)).toEqual(['user.edit'])
    expect(sections[1]?.rows.map(shown)).toEqual(['Acme'])
  })

  it('leaves them out once something is typed', () => {
    if (clara === undefined || acme === undefined) throw new Error('no hits')
    const sections = arrange({
      text: 'dash',
      listed,
      outcome: createMatcher(texts).search('dash', 50),
      recents: [],
      entities: [],
      page: { hit: clara, actions: [edit] },
      recentEntities: [acme],
    })
    expect(sections.map((section) => section.id)).toEqual(['navigation'])
  })
})

describe('entityActionsSection', () => {
  const people: EntitySource<{ id: number; name: string }> = {
    ...source,
    kind: 'users',
    actions: [
      { id: 'user.edit', label: () => 'Edit user', needs: {}, run: () => {} },
      { id: 'user.disable', label: () => 'Disable user', needs: {}, run: () => {} },
      {
        id: 'user.delete',
        label: () => 'Delete user',
        needs: { anyOf: ['users:delete'] },
        run: () => {},
      },
    ],
  }
  const clara: EntityHit = {
    source: people,
    entity: { id: 1, name: 'Clara' },
    view: { id: '1', title: 'Clara' },
  }
  const sectionFor = (query: string, granted: string[]) =>
    entityActionsSection(
      clara,
      (anyOf) => anyOf.some((p) => granted.includes(p)),
      { userId: 9 },
      query,
      (say) => say({} as Parameters<typeof say>[0]),
    )

  it('lists the actions this viewer may run under the entity’s title, matched to the query', () => {
    const all = sectionFor('', ['users:delete'])
    expect(all.heading({} as Parameters<typeof all.heading>[0])).toBe('Clara')
    const ids = (query: string, granted: string[]) =>
      sectionFor(query, granted).rows.map((row) => shown(row).replace('users:1:', ''))
    expect(all.rows).toHaveLength(3)
    expect(ids('', ['users:delete'])).toEqual(['user.edit', 'user.disable', 'user.delete'])
    expect(ids('', [])).toEqual(['user.edit', 'user.disable'])
    expect(ids('disa', ['users:delete'])).toEqual(['user.disable'])
  })
})
