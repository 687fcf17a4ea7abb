import { describe, expect, it } from 'vitest'
import type { EntityHit, EntitySource } from './entity-source'
import { emptyStack, popPage, pushPage, type PaletteStack } from './palette-stack'

const source: EntitySource<string> = {
  kind: 'organizations',
  heading: () => 'Organizations',
  needs: {},
  search: () => Promise.resolve([]),
  view: (name) => ({ id: name, title: name }),
  actions: [],
}
const hit = (name: string): EntityHit => ({
  source: source,
  entity: name,
  view: { id: name, title: name },
})

describe('palette stack', () => {
  it('opens a page with an empty query and restores the query on the way back', () => {
    const typed: PaletteStack = { search: 'glob', pages: [] }
    const nested = pushPage(typed, hit('Globex'))
    expect(nested.search).toBe('')
    expect(nested.pages.map((page) => page.hit.view.title)).toEqual(['Globex'])
    expect(popPage({ ...nested, search: 'ed' })).toEqual(typed)
  })

  it('stays put at the root', () => {
    expect(popPage(emptyStack)).toBe(emptyStack)
  })
})
