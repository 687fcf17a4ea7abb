// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest'
import { ACCESS_TOKEN_KEY, storedUserId } from './tokens'

const jwt = (claims: object) =>
  `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.signature`

describe('storedUserId', () => {
  beforeEach(() => localStorage.clear())

  it("is the stored access token's subject", () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, jwt({ sub: '7', typ: 'access' }))
    expect(storedUserId()).toBe(7)
  })

  it('is null without a token, or with one whose subject is no user id', () => {
    expect(storedUserId()).toBeNull()
    localStorage.setItem(ACCESS_TOKEN_KEY, 'not-a-jwt')
    expect(storedUserId()).toBeNull()
    localStorage.setItem(ACCESS_TOKEN_KEY, jwt({ sub: 'admin@demo.local' }))
    expect(storedUserId()).toBeNull()
    localStorage.setItem(ACCESS_TOKEN_KEY, jwt({ typ: 'access' }))
    expect(storedUserId()).toBeNull()
  })
})
