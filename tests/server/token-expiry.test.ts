import { describe, expect, it } from 'vitest'
import { TokenPair } from '../../src/contract/auth'
import { listOf } from '../../src/contract/list'
import { OutboxMessage } from '../../src/contract/notify'
import { ADMIN, STAFF, shaped, useServer } from './helpers'

const server = useServer({ refreshTokenTtl: 2, resetTokenTtl: 1 })

describe('token expiry', () => {
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

  it('expires password reset links after their lifetime', async () => {
    await server().request('POST', '/notify', {
      json: { workflow: 'reset_password_email', email: STAFF },
    })
    const outbox = await server().request('GET', '/dev/outbox')
    const link = shaped(outbox.body, listOf(OutboxMessage)).data[0]?.link ?? ''
    const token = new URL(link, server().url).searchParams.get('token') ?? ''
    expect(token).toMatch(/^[\w-]{20,}$/)
    await new Promise((r) => setTimeout(r, 2100))
    const reply = await server().request('POST', '/org/v1/users/password-reset', {
      json: { token, new_password: 'Too-Late-Password' },
    })
    expect(reply.status).toBe(400)
    expect(reply.body).toMatchObject({ field: 'token', error: 'invalid_grant' })
  })
})
