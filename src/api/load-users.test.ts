import { describe, expect, it } from 'vitest'
import { loadUsersApi } from './load-users'

describe('loadUsersApi', () => {
  it('hands every caller the same import of the users API', async () => {
    const first = loadUsersApi()
    expect(loadUsersApi()).toBe(first)
    const users = await first
    expect(typeof users.fetchMe).toBe('function')
  })
})
