import { describe, expect, it } from 'vitest'
import { decodeSegment, findRoute, matchPattern } from './route-match'

describe('matchPattern', () => {
  it('matches parameters and literal segments', () => {
    expect(matchPattern('/organizations/edit/:id', '/organizations/edit/7')).toBe(true)
    expect(matchPattern('/organizations/edit/:id', '/organizations/edit')).toBe(false)
    expect(matchPattern('/', '/')).toBe(true)
  })
})

describe('findRoute', () => {
  it('finds the first route whose pattern matches', () => {
    const routes = [{ path: '/a' }, { path: '/a/:id' }]
    expect(findRoute(routes, '/a/3')).toBe(routes[1])
    expect(findRoute(routes, '/b')).toBeUndefined()
  })
})

describe('decodeSegment', () => {
  it('decodes escapes and keeps a malformed one as typed', () => {
    expect(decodeSegment('a%20b')).toBe('a b')
    expect(decodeSegment('x%y')).toBe('x%y')
  })
})
