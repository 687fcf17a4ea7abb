import { describe, expect, it } from 'vitest'
import { Me } from '../../src/contract/users'
import { ADMIN, AUDITOR, ORGADMIN, shaped, useServer } from './helpers'
import { latestToken } from './security-helpers'

// The signed-in caller is kept for a second after it is read (server/auth/principal-cache.ts,
// decision 055). A change made through this server must still apply to the very next request:
// each case below first has the caller's requests answered (so the cache holds them), then makes
// the change and asks again at once. Across servers: two-servers.test.ts.

const server = useServer({ principalCacheMs: 60_000 })

async function userId(token: string) {
  return shaped((await server().request('GET', '/org/v1/users/me', { token })).body, Me).user_id
}

const audits = (token: string) =>
  server().request('GET', '/sbm/v1/devices/audit?length=1', { token })

describe('a caller kept in memory', () => {
  it('loses a removed permission on the next request', async () => {
    const admin = await server().login(ADMIN)
    const auditor = await server().login(AUDITOR)
    expect((await audits(auditor)).status).toBe(200)
    const removed = await server().request('PUT', `/org/v1/users/${await userId(auditor)}`, {
      token: admin,
      json: { permissions: ['users:read:org'] },
    })
    expect(removed.status).toBe(200)
    expect((await audits(auditor)).status).toBe(403)
  })

  it('is refused on the next request once disabled or deleted', async () => {
    const admin = await server().login(ADMIN)
    const orgadmin = await server().login(ORGADMIN)
    const id = await userId(orgadmin)
    expect((await audits(orgadmin)).status).toBe(200)
    const disabled = await server().request('PUT', `/org/v1/users/${id}`, {
      token: admin,
      json: { disabled: true },
    })
    expect(disabled.status).toBe(200)
    expect((await audits(orgadmin)).status).toBe(401)
    await server().request('PUT', `/org/v1/users/${id}`, {
      token: admin,
      json: { disabled: false },
    })
    const again = await server().login(ORGADMIN)
    expect((await audits(again)).status).toBe(200)
    expect((await server().request('DELETE', `/org/v1/users/${id}`, { token: admin })).status).toBe(
      204,
    )
    expect((await audits(again)).status).toBe(401)
  })

  it('is refused on the next request after its password was reset', async () => {
    const token = await server().login(ADMIN)
    expect((await audits(token)).status).toBe(200)
    await server().request('POST', '/notify', {
      json: { workflow: 'reset_password_email', email: ADMIN },
    })
    const reset = await server().request('POST', '/org/v1/users/password-reset', {
      json: { token: await latestToken(server(), ADMIN), new_password: 'Brand-New-Secret-9' },
    })
    expect(reset.status).toBe(200)
    expect((await audits(token)).status).toBe(401)
  })
})
