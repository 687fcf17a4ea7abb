import { describe, expect, it } from 'vitest'
import { pinDigest, pinDigits, randomPin } from './pin-digest'

describe('a person’s PIN', () => {
  it('has four digits more than the organization’s size, at least 6 and at most 12', () => {
    expect(pinDigits(1)).toBe(6)
    expect(pinDigits(100)).toBe(6)
    expect(pinDigits(101)).toBe(7)
    expect(pinDigits(10_000)).toBe(8)
    expect(pinDigits(10_001)).toBe(9)
    expect(pinDigits(10 ** 10)).toBe(12)
  })

  it('is drawn with exactly that many digits', () => {
    for (const digits of [6, 8, 12])
      expect(randomPin(digits)).toMatch(new RegExp(`^\\d{${digits}}$`))
  })

  it('is kept as a digest of the key, the organization and the PIN', () => {
    const key = new TextEncoder().encode('k'.repeat(32))
    const other = new TextEncoder().encode('q'.repeat(32))
    const digest = pinDigest(key, 1, '123456')
    expect(digest).toMatch(/^[0-9a-f]{64}$/)
    expect(digest).not.toContain('123456')
    expect(pinDigest(key, 1, '123456')).toBe(digest)
    expect(pinDigest(key, 2, '123456')).not.toBe(digest)
    expect(pinDigest(other, 1, '123456')).not.toBe(digest)
    expect(pinDigest(key, 1, '0123456')).not.toBe(digest)
  })
})
