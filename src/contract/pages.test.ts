import { describe, expect, it } from 'vitest'
import { pathTo } from './pages'

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
