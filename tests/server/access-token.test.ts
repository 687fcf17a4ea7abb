import { createHmac } from 'node:crypto'
import { Hono } from 'hono'
import { SignJWT } from 'jose'
import { describe, expect, it } from 'vitest'
import { requireAuth } from '../../server/auth/principal'
import { PrincipalCache } from '../../server/auth/principal-cache'
import { signAccessToken, verifyAccessToken } from '../../server/auth/tokens'
import type { App, Services } from '../../server/context'
import type { Db } from '../../server/db/database'

// The access token check (server/auth/tokens.ts), against tokens signed by `jose`, an independent
// JWS implementation, and against hand-made ones no signer would write; and the caller each request
// is authorised as (server/auth/principal.ts).

const key = new Uint8Array(32).fill(7)
const otherKey = new Uint8Array(32).fill(8)
const now = () => Math.floor(Date.now() / 1000)
// Fixed once: a claim computed on each call would differ when the test crosses a second.
const authTime = now() - 30
const claims = () => ({
  typ: 'access',
  ses: 3,
  sid: 'session-one',
  auth_time: authTime,
  amr: ['pwd', 'otp', 'mfa'],
  sub: '42',
  iss: 'access-console',
  aud: 'access-console-api',
  iat: now(),
  exp: now() + 600,
})

const signed = (payload: Record<string, unknown>, header: Record<string, unknown> = {}) =>
  new SignJWT(payload).setProtectedHeader({ alg: 'HS256', ...header }).sign(key)

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')

const session = { epoch: 3, sid: 'session-one', authTime, amr: ['pwd', 'otp', 'mfa'] }
const verified = { userId: 42, ...session }

/** A token with exactly this header and payload, signed with `key` by hand. */
function handMade(header: unknown, payload: unknown, signingKey = key) {
  const input = `${b64(header)}.${b64(payload)}`
  return `${input}.${createHmac('sha256', signingKey).update(input).digest('base64url')}`
}

describe('an access token', () => {
  it('is accepted as the server signs it', async () => {
    const token = await signAccessToken(key, 42, session, 600)
    expect(verifyAccessToken(key, token)).toEqual(verified)
  })

  it('is accepted when jose signs the same claims, with typ JWT or an audience list', async () => {
    expect(verifyAccessToken(key, await signed(claims()))).toEqual(verified)
    expect(verifyAccessToken(key, await signed(claims(), { typ: 'JWT' }))).not.toBeNull()
    const listed = { ...claims(), aud: ['other', 'access-console-api'] }
    expect(verifyAccessToken(key, await signed(listed))).not.toBeNull()
  })

  it('is refused when signed with another key, or changed after signing', async () => {
    expect(verifyAccessToken(key, handMade({ alg: 'HS256' }, claims(), otherKey))).toBeNull()
    const [header, , signature] = (await signed(claims())).split('.')
    const raised = b64({ ...claims(), sub: '1' })
    expect(verifyAccessToken(key, `${header}.${raised}.${signature}`)).toBeNull()
    const token = await signed(claims())
    const flipped = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))
    expect(verifyAccessToken(key, flipped)).toBeNull()
  })

  it('is refused with any header but HS256', () => {
    for (const header of [
      { alg: 'none' },
      { alg: 'HS512' },
      { alg: 'hs256' },
      { alg: 'HS256', crit: ['exp'], exp: 1 },
      { alg: 'HS256', typ: 'at+jwt' },
      { alg: 'HS256', kid: 'x' },
      ['HS256'],
    ])
      expect(verifyAccessToken(key, handMade(header, claims())), JSON.stringify(header)).toBeNull()
  })

  it('is refused when it is not three base64url segments', async () => {
    const token = await signed(claims())
    const [header, payload, signature] = token.split('.')
    for (const broken of [
      '',
      'a.b',
      `${token}.`,
      `${header}.${payload}.`,
      `${header}.${payload}`,
      `${header}=.${payload}.${signature}`,
      `${header}.${payload}.${signature}=`,
      `${header}.${payload} .${signature}`,
      `${header}.${payload}.${Buffer.from(signature ?? '', 'base64url').toString('base64')}+`,
    ])
      expect(verifyAccessToken(key, broken), broken).toBeNull()
  })

  it('is refused when its payload is not a JSON object', () => {
    for (const payload of [[1], 'text', 42, null])
      expect(verifyAccessToken(key, handMade({ alg: 'HS256' }, payload))).toBeNull()
    const input = `${b64({ alg: 'HS256' })}.${Buffer.from('{not json').toString('base64url')}`
    const token = `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`
    expect(verifyAccessToken(key, token)).toBeNull()
  })

  it('is refused once expired, or before its nbf', () => {
    const refused = [
      { exp: now() },
      { exp: now() - 1 },
      { exp: String(now() + 600) },
      { nbf: now() + 60 },
      { nbf: 'soon' },
      { iat: String(now()) },
      { iss: 'someone-else' },
      { aud: 'another-api' },
      { aud: ['another-api'] },
      { typ: 'refresh' },
      { ses: 1.5 },
      { ses: '3' },
      { sub: '2147483648' },
      // The session and the sign-in's strength (decision 077): required, and only as we write them.
      { sid: undefined },
      { sid: 'x' },
      { auth_time: undefined },
      { auth_time: String(now()) },
      { amr: undefined },
      { amr: [] },
      { amr: ['pwd', 'magic'] },
      { amr: 'mfa' },
      { typ: 'mfa' },
    ]
    for (const change of refused)
      expect(
        verifyAccessToken(key, handMade({ alg: 'HS256' }, { ...claims(), ...change })),
        JSON.stringify(change),
      ).toBeNull()
    const started = { ...claims(), nbf: now() - 5 }
    expect(verifyAccessToken(key, handMade({ alg: 'HS256' }, started))).not.toBeNull()
  })
})

describe('the caller of a request', () => {
  const user = {
    user_id: 42,
    organization_id: 1,
    organization_name: 'Acme',
    username: 'ada',
    email: 'ada@example.com',
    roles: ['admin'],
    permissions: ['audits:read'],
    title: null,
    first_name: 'Ada',
    last_name: 'Lovelace',
    sessions: ['session-one'],
  }

  /** An app whose one route answers its caller's id, and the number of user reads so far. */
  function appReadingUsers() {
    const reads = { count: 0 }
    const db: Pick<Db, 'query'> = {
      query: <R extends object>() => {
        reads.count += 1
        return Promise.resolve([user] as unknown as R[])
      },
    }
    // Only what requireAuth reads of the services: the token key, the database, and the callers
    // read recently, kept for no time at all here (the cache's own tests: principal-cache.test.ts).
    const services = { jwtKey: key, db, principals: new PrincipalCache(0) } as unknown as Services
    const app: App = new Hono()
    app.use('*', requireAuth(services))
    app.get('/who', (c) => c.json({ id: c.get('principal').userId }))
    return { app, reads }
  }

  it('is read once for the requests run inside one incoming request (its env)', async () => {
    const { app, reads } = appReadingUsers()
    const token = await signAccessToken(key, 42, session, 600)
    const headers = { Authorization: `Bearer ${token}` }
    const page = { incoming: 'the page request' }
    expect((await app.request('/who', { headers }, page)).status).toBe(200)
    expect((await app.request('/who', { headers }, page)).status).toBe(200)
    expect(reads.count).toBe(1)
  })

  it('is read afresh for every incoming request, and for another token', async () => {
    const { app, reads } = appReadingUsers()
    const token = await signAccessToken(key, 42, session, 600)
    const headers = { Authorization: `Bearer ${token}` }
    await app.request('/who', { headers }, { incoming: 'one' })
    await app.request('/who', { headers }, { incoming: 'another' })
    await app.request('/who', { headers })
    await app.request('/who', { headers })
    expect(reads.count).toBe(4)
    const page = { incoming: 'the page request' }
    await app.request('/who', { headers }, page)
    const other = await signAccessToken(key, 42, session, 600)
    await app.request('/who', { headers: { Authorization: `Bearer ${other}` } }, page)
    expect(reads.count).toBe(6)
  })
})
