import { describe, expect, it } from 'vitest'
import { tokenClaims } from './token-claims'

const base64url = (text: string) =>
  btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
const jwt = (payload: string) => `eyJhbGciOiJIUzI1NiJ9.${base64url(payload)}.signature`

describe('tokenClaims', () => {
  it("reads a token's payload, base64url without padding", () => {
    // '>>?' encodes to 'Pj4/' in base64 and 'Pj4_' in base64url.
    const token = jwt(JSON.stringify({ sub: '7', exp: 1_900_000_000, note: '>>?' }))
    expect(token).toContain('_')
    expect(tokenClaims(token)).toEqual({ sub: '7', exp: 1_900_000_000, note: '>>?' })
  })

  it('gives null for what is not a JWT with an object payload', () => {
    expect(tokenClaims('not-a-jwt')).toBeNull()
    expect(tokenClaims('a.%%%.c')).toBeNull()
    expect(tokenClaims(jwt('not json'))).toBeNull()
    expect(tokenClaims(jwt('[1, 2]'))).toBeNull()
    expect(tokenClaims(jwt('null'))).toBeNull()
  })
})
