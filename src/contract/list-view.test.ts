import { describe, expect, it } from 'vitest'
import { formatListView, parseListView } from './list-view'

const defaults = {
  orderBy: 'audit_id',
  orderDirection: 'desc',
  sortable: ['audit_id', 'created_at', 'command'],
} as const

describe('parseListView', () => {
  it('falls back to the defaults', () => {
    expect(parseListView('', defaults)).toEqual({
      orderBy: 'audit_id',
      orderDirection: 'desc',
      search: '',
    })
  })

  it('reads sort, direction and search', () => {
    expect(parseListView('?sort=command&dir=desc&q=lock', defaults)).toEqual({
      orderBy: 'command',
      orderDirection: 'desc',
      search: 'lock',
    })
  })

  it('ignores columns that are not sortable and unknown directions', () => {
    expect(parseListView('sort=detail&dir=sideways', defaults)).toEqual({
      orderBy: 'audit_id',
      orderDirection: 'desc',
      search: '',
    })
    expect(parseListView('sort=command', defaults).orderDirection).toBe('asc')
  })
})

describe('formatListView', () => {
  it('leaves defaults out of the URL', () => {
    expect(
      formatListView('', { orderBy: 'audit_id', orderDirection: 'desc', search: ' ' }, defaults),
    ).toBe('')
  })

  it('writes what differs and keeps unrelated parameters', () => {
    const text = formatListView(
      'lng=de',
      { orderBy: 'command', orderDirection: 'asc', search: 'unlock now' },
      defaults,
    )
    expect(text).toBe('?lng=de&sort=command&dir=asc&q=unlock+now')
    expect(parseListView(text, defaults)).toEqual({
      orderBy: 'command',
      orderDirection: 'asc',
      search: 'unlock now',
    })
  })
})
