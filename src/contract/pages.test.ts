import { describe, expect, it } from 'vitest'
import { doorParam, pathTo } from './pages'

describe('pathTo', () => {
  it('fills the parameters of a pattern', () => {
    expect(pathTo('organizations-edit', { id: 7 })).toBe('/organizations/edit/7')
  })
  it('appends a list query under the list parameters, leaving empty values out', () => {
    expect(pathTo('organizations', { search: 'Acme & Co', row: 4, sort: '' })).toBe(
      '/organizations?q=Acme+%26+Co&row=4',
    )
  })
  it('encodes a parameter so it stays one segment', () => {
    expect(pathTo('organizations-edit', { id: 'a/b' })).toBe('/organizations/edit/a%2Fb')
  })
})

describe('doorParam', () => {
  it('reads the door an audit log link names, and nothing else as one', () => {
    expect(pathTo('audits', { door: 12 })).toBe('/audits?door=12')
    expect(doorParam('?door=12&q=lobby')).toBe(12)
    for (const search of ['', '?door=', '?door=0', '?door=-3', '?door=1e3', '?door=12345678901'])
      expect(doorParam(search), search).toBeNull()
  })
})
