import { describe, expect, it } from 'vitest'
import { parseQuery, searchesCommands } from './scopes'

describe('parseQuery', () => {
  it('searches everything without a prefix', () => {
    expect(parseQuery('  acme ', ['organizations'])).toEqual({
      scope: { kind: 'all' },
      text: 'acme',
    })
  })

  it('narrows to commands with >', () => {
    const parsed = parseQuery('> dark', ['organizations'])
    expect(parsed).toEqual({ scope: { kind: 'commands' }, text: 'dark' })
    expect(searchesCommands(parsed.scope)).toBe(true)
  })

  it('narrows to a live entity kind with its prefix', () => {
    const parsed = parseQuery('!acme', ['organizations'])
    expect(parsed).toEqual({ scope: { kind: 'organizations' }, text: 'acme' })
    expect(searchesCommands(parsed.scope)).toBe(false)
  })

  it('treats the prefix of a kind that is not searchable yet as text', () => {
    expect(parseQuery('@anna', ['organizations'])).toEqual({
      scope: { kind: 'all' },
      text: '@anna',
    })
    expect(parseQuery('@anna', ['organizations', 'users']).scope).toEqual({ kind: 'users' })
  })
})
