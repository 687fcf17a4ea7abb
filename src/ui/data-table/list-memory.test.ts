import { describe, expect, it } from 'vitest'
import { listPlacePath, rememberListPlace, rowIdOf } from './list-memory'

describe('list memory', () => {
  it('returns to the list with its search and sort and the row that was active', () => {
    rememberListPlace('/things', 'q=acme&sort=name&dir=asc&row=3', '9')
    expect(listPlacePath('/things')).toBe('/things?q=acme&sort=name&dir=asc&row=9')
  })
  it('lands on the row just saved when one is named', () => {
    rememberListPlace('/things', 'q=acme', '9')
    expect(listPlacePath('/things', 42)).toBe('/things?q=acme&row=42')
  })
  it('is the plain list when the user never was there', () => {
    expect(listPlacePath('/other')).toBe('/other')
    expect(rowIdOf('q=a&row=5')).toBe('5')
  })
})
