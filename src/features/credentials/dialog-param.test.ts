import { describe, expect, it } from 'vitest'
import { dialogIdOf, withoutDialog } from './dialog-param'

describe('the dialog parameters', () => {
  it('read a positive id and nothing else', () => {
    expect(dialogIdOf('?q=ann&code=12', 'code')).toBe(12)
    expect(dialogIdOf('?q=ann&code=12', 'delete')).toBeNull()
    expect(dialogIdOf('code=0', 'code')).toBeNull()
    expect(dialogIdOf('?code=12abc', 'code')).toBeNull()
    expect(dialogIdOf('', 'code')).toBeNull()
  })

  it('are removed from a query without touching the rest', () => {
    expect(withoutDialog('?q=ann&delete=5', 'delete')).toBe('?q=ann')
    expect(withoutDialog('?code=5', 'code')).toBe('')
  })
})
