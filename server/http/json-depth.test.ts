import { describe, expect, it } from 'vitest'
import { nestsDeeperThan } from './json-depth'

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeperThan('[[[]]]', 3)).toBe(false)
    expect(nestsDeeperThan('[[[[]]]]', 3)).toBe(true)
    expect(nestsDeeperThan('{"a":{"b":[1]}}', 3)).toBe(false)
    expect(nestsDeeperThan('{"a":{"b":[{}]}}', 3)).toBe(true)
    expect(nestsDeeperThan('["[[[[[[", "\\"[[[["]', 1)).toBe(false)
  })

  it('finds a hostile depth far beyond the limit', () => {
    expect(nestsDeeperThan('['.repeat(100_000))).toBe(true)
    expect(nestsDeeperThan(JSON.stringify({ name: 'x', client_ids: ['a', 'b'] }))).toBe(false)
  })
})
