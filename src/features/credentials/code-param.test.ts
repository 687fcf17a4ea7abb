import { describe, expect, it } from 'vitest'
import { codeIdOf, withCode, withoutCode } from './code-param'

describe('the code parameter', () => {
  it('reads a positive id and nothing else', () => {
    expect(codeIdOf('?q=ann&code=12')).toBe(12)
    expect(codeIdOf('code=0')).toBeNull()
    expect(codeIdOf('?code=12abc')).toBeNull()
    expect(codeIdOf('')).toBeNull()
  })

  it('is added to and removed from a query without touching the rest', () => {
    expect(withCode('/credentials?q=ann', 5)).toBe('/credentials?q=ann&code=5')
    expect(withCode('/credentials/edit/5', 1)).toBe('/credentials/edit/5?code=1')
    expect(withoutCode('?q=ann&code=5')).toBe('?q=ann')
    expect(withoutCode('?code=5')).toBe('')
  })
})
