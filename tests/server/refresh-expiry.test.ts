import { describe, expect, it } from 'vitest'
import { TokenPair } from '../../src/contract/auth'
import { ADMIN, shaped, useServer } from './helpers'

const server = useServer({ refreshTokenTtl: 2 })

describe('refresh token expiry', () => {
  it('is absolute: rotating does not extend the session past REFRESH_TOKEN_TTL', async () => {
    const first = await server().pair(ADMIN)
    await new Promise((r) => setTimeout(r, 1000))
    const rotated = await server().request('POST', '/auth/v1/token/refresh', {
      json: { refresh_token: first.refresh_token },
    })
    expect(rotated.status).toBe(200)
    const second = shaped(rotated.body, TokenPair)
    await new Promise((r) => setTimeout(r, 1500))
    const late = await server().request('POST', '/auth/v1/token/refresh', {
      json: { refresh_token: second.refresh_token },
    })
    expect(late.status).toBe(401)
  })
})
