import { describe, expect, it } from 'vitest'
import type { Message } from './command'
import { hitOf, pageActions, type EntitySource } from './entity-source'

const say =
  (text: string): Message =>
  () =>
    text

const users: EntitySource<{ id: number; name: string }> = {
  kind: 'users',
  heading: say('Users'),
  needs: {},
  search: () => Promise.resolve([]),
  view: (user) => {
    if (typeof user.name !== 'string') throw new Error('not a user')
    return { id: String(user.id), title: user.name }
  },
  actions: [
    { id: 'user.view', label: say('View user'), needs: {}, opensItsPage: true, run: () => {} },
    { id: 'user.edit', label: say('Edit user'), needs: {}, run: () => {} },
    {
      id: 'user.delete',
      label: say('Delete user'),
      needs: { anyOf: ['users:delete'] },
      run: () => {},
    },
  ],
}
const sources = [users] as EntitySource<unknown>[]

describe('hitOf', () => {
  it('reads an entity of a kind here, and nothing of a kind or shape it does not know', () => {
    expect(hitOf(sources, 'users', { id: 3, name: 'Clara' })?.view).toEqual({
      id: '3',
      title: 'Clara',
    })
    expect(hitOf(sources, 'devices', { id: 3, name: 'Door' })).toBeNull()
    expect(hitOf(sources, 'users', { id: 3 })).toBeNull()
  })
})

describe('pageActions', () => {
  it('offers what may be done on the entity’s own page, without opening that page again', () => {
    const hit = hitOf(sources, 'users', { id: 3, name: 'Clara' })
    if (hit === null) throw new Error('no hit')
    const can = (anyOf: readonly string[]) => !anyOf.includes('users:delete')
    expect(pageActions(hit, can, { userId: 1 }).map((entry) => entry.command.id)).toEqual([
      'users:3:user.edit',
    ])
  })
})
