import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { FactorChallenge, TotpEnrolment } from '../../src/contract/mfa'
import { ADMIN, shaped, useServer } from './helpers'

// A fresh install outside demo mode (issue 67, decision 077): the first start prints a one-time
// setup link; following it sets the first admin's password and leads them to enrol a factor,
// which the policy requires of administrators from the start.

let printed = ''
beforeAll(() => {
  const write = process.stdout.write.bind(process.stdout)
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    printed += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString()
    return write(chunk)
  })
})
afterAll(() => vi.restoreAllMocks())

// Its own seed (no template): the first start is what is tested.
const server = useServer({
  demoMode: false,
  seedAuditRows: 0,
  mfaEncryptionKey: 'first-start-key-of-32-characters!',
})

describe('the first start outside demo mode', () => {
  it('prints a setup link once; it sets the admin’s password and then asks for enrolment only', async () => {
    const links = [...printed.matchAll(/password-reset\?token=([A-Za-z0-9_-]+)/g)]
    expect(links).toHaveLength(1)
    const token = links[0]?.[1] ?? ''
    const reply = await server().request('POST', '/org/v1/users/password-reset', {
      json: { token, new_password: 'First-Admin-Password-7' },
    })
    expect(reply.status).toBe(200)
    const step = shaped(reply.body, FactorChallenge)
    expect(step.enrolment_required).toBe(true)
    expect((await server().request('GET', '/org/v1/users', { token: step.mfa_token })).status).toBe(
      403,
    )
    const enrolment = await server().request('POST', '/auth/v1/factors/totp', {
      token: step.mfa_token,
    })
    shaped(enrolment.body, TotpEnrolment)
    // The link worked once; the password now leads to the same step.
    const again = await server().request('POST', '/org/v1/users/password-reset', {
      json: { token, new_password: 'First-Admin-Password-8' },
    })
    expect(again.status).toBe(400)
    const signIn = await server().request('POST', '/auth/v1/token', {
      form: { username: ADMIN, password: 'First-Admin-Password-7' },
    })
    expect(shaped(signIn.body, FactorChallenge).enrolment_required).toBe(true)
  })
})
