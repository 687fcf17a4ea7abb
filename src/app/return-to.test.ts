import { describe, expect, it } from 'vitest'
import { safeReturnTo } from './app'

describe('safeReturnTo', () => {
  it('returns to console paths with their query', () => {
    expect(safeReturnTo('/audits?search=lock')).toBe('/audits?search=lock')
    expect(safeReturnTo('/organizations/edit/7')).toBe('/organizations/edit/7')
  })

  it('refuses other origins, guest pages and nonsense', () => {
    expect(safeReturnTo(null)).toBe('/')
    expect(safeReturnTo('')).toBe('/')
    expect(safeReturnTo('https://evil.example/')).toBe('/')
    expect(safeReturnTo('//evil.example/path')).toBe('/')
    expect(safeReturnTo('/\\evil.example')).toBe('/')
    expect(safeReturnTo('javascript:alert(1)')).toBe('/')
    expect(safeReturnTo('/login')).toBe('/')
    expect(safeReturnTo('/password-reset?token=x')).toBe('/')
  })
})
