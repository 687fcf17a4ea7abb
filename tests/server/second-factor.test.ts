import { TOTP, Secret } from 'otpauth'
import { afterEach, describe, expect, it } from 'vitest'
import { TokenPair } from '../../src/contract/auth'
import {
  EnrolmentDone,
  FactorChallenge,
  MyFactors,
  Sessions,
  TotpEnrolment,
} from '../../src/contract/mfa'
import { clearFactorAttempts, reserveFactorAttempt } from '../../server/auth/factor-throttle'
import { signAccessToken } from '../../server/auth/tokens'
import { shaped, useServer, type TestServer } from './helpers'

// The second factor, step-up and sessions (decision 077), over real HTTP on the run's database.

const server = useServer()
const services = () => server().running.handle.services
const sql = <R extends object>(text: string, params: unknown[] = []) =>
  services().db.query<R>(text, params)
afterEach(() => services().clock.set(null))

/** A person with the demo password who is no shared demo login (so they may enrol). */
async function person(email: string): Promise<number> {
  const [row] = await sql<{ user_id: number }>(
    `update users set password_hash = (select password_hash from users where email = 'admin@demo.local')
     where email = $1 returning user_id`,
    [email],
  )
  if (!row) throw new Error(`no ${email}`)
  return row.user_id
}

async function firstStaff(org: number): Promise<string> {
  const [row] = await sql<{ email: string }>(
    `select u.email from users u join organizations o using (organization_id)
     where u.email like $1 and not u.disabled order by u.user_id limit 1`,
    [org === 0 ? '%@acme.example' : '%@globex.example'],
  )
  if (!row) throw new Error('no staff user')
  return row.email
}

const codeAt = (secret: string, at: Date) =>
  new TOTP({
    secret: Secret.fromBase32(secret),
    digits: 6,
    period: 30,
    algorithm: 'SHA1',
  }).generate({
    timestamp: at.getTime(),
  })

const signIn = (s: TestServer, username: string, password = 'Demo-Password-1') =>
  s.request('POST', '/auth/v1/token', { form: { username, password } })

/** Enrols an app for `email` and answers its secret and recovery codes. */
async function enrolApp(email: string) {
  const s = server()
  const token = await s.login(email)
  const started = shaped(
    (await s.request('POST', '/auth/v1/factors/totp', { token })).body,
    TotpEnrolment,
  )
  expect(started.qr_svg).toMatch(/^<svg/)
  expect(started.otpauth_uri).toContain(`secret=${started.secret}`)
  // The clock moves a step on, so the confirming code is not the one the test signs in with.
  services().clock.set(new Date(Date.now() - 120_000))
  const wrong = await s.request('POST', '/auth/v1/factors/totp/confirm', {
    token,
    json: {
      code: '000000' === codeAt(started.secret, services().clock.now()) ? '111111' : '000000',
    },
  })
  expect(wrong.status).toBe(400)
  const confirmed = await s.request('POST', '/auth/v1/factors/totp/confirm', {
    token,
    json: { code: codeAt(started.secret, services().clock.now()) },
  })
  expect(confirmed.status).toBe(200)
  const done = shaped(confirmed.body, EnrolmentDone)
  services().clock.set(null)
  return { secret: started.secret, codes: done.recovery_codes ?? [] }
}

async function factorStep(mfaToken: string, json: Record<string, unknown>) {
  return server().request('POST', '/auth/v1/token/factor', {
    json: { mfa_token: mfaToken, ...json },
  })
}

async function challenge(email: string) {
  const reply = await signIn(server(), email)
  expect(reply.status).toBe(200)
  return shaped(reply.body, FactorChallenge)
}

describe('an authenticator app', () => {
  it('is enrolled with its first code, then asked for at sign-in; a code is taken once', async () => {
    const email = await firstStaff(0)
    await person(email)
    const { secret, codes } = await enrolApp(email)
    expect(codes).toHaveLength(10)
    expect(new Set(codes).size).toBe(10)
    const step = await challenge(email)
    expect(step.methods).toEqual(['totp', 'recovery'])
    expect(step.enrolment_required).toBe(false)
    const code = codeAt(secret, services().clock.now())
    const first = await factorStep(step.mfa_token, { method: 'totp', code })
    expect(first.status).toBe(200)
    shaped(first.body, TokenPair)
    // The same code again, with a new password step: refused, naming the field.
    const again = await factorStep((await challenge(email)).mfa_token, { method: 'totp', code })
    expect(again.status).toBe(400)
    expect(again.body).toMatchObject({ error: 'invalid_grant', field: 'code' })
  })

  it('keeps the secret sealed at rest and shows how many recovery codes remain', async () => {
    const email = await firstStaff(1)
    const userId = await person(email)
    const { secret, codes } = await enrolApp(email)
    const [row] = await sql<{ secret: string }>(
      'select secret from totp_factors where user_id = $1',
      [userId],
    )
    expect(row?.secret).not.toContain(secret)
    const stored = await sql<{ code_hash: string }>(
      'select code_hash from recovery_codes where user_id = $1',
      [userId],
    )
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code)
    // A recovery code signs in once; used again it is refused.
    const used = await factorStep((await challenge(email)).mfa_token, {
      method: 'recovery',
      code: codes[0],
    })
    expect(used.status).toBe(200)
    const tokens = shaped(used.body, TokenPair)
    const reused = await factorStep((await challenge(email)).mfa_token, {
      method: 'recovery',
      code: codes[0],
    })
    expect(reused.status).toBe(400)
    const mine = shaped(
      (await server().request('GET', '/auth/v1/factors', { token: tokens.access_token })).body,
      MyFactors,
    )
    expect(mine.recovery_codes_remaining).toBe(9)
    expect(mine.totp).not.toBeNull()
  })

  it('locks the factor step after five wrong codes, and then answers a right password as a wrong one', async () => {
    const email = await firstStaff(0).then(async () => {
      const [row] = await sql<{ email: string }>(
        `select email from users where email like '%@acme.example' order by user_id offset 1 limit 1`,
      )
      return row?.email ?? ''
    })
    await person(email)
    await enrolApp(email)
    const step = await challenge(email)
    const statuses: number[] = []
    for (let i = 0; i < 6; i += 1)
      statuses.push((await factorStep(step.mfa_token, { method: 'totp', code: '999999' })).status)
    expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400])
    expect(statuses[5]).toBe(429)
    const right = await signIn(server(), email)
    const wrong = await signIn(server(), email, 'Wrong-Password-1')
    expect(right.status).toBe(429)
    expect(wrong.status).toBe(429)
    expect(right.body).toEqual(wrong.body)
  })

  it('counts an attempt against the account and the address together: five an account, twenty an address', async () => {
    const db = services().db
    const address = '203.0.113.77'
    // Five attempts on one account; the sixth waits, whatever the address.
    for (let i = 0; i < 5; i += 1) expect(await reserveFactorAttempt(db, 90_001, address)).toBe(0)
    expect(await reserveFactorAttempt(db, 90_001, '203.0.113.78')).toBeGreaterThan(0)
    // The address holds those five (the sixth came from another): fifteen more over other
    // accounts, then every account waits there, and not elsewhere.
    for (let i = 0; i < 15; i += 1)
      expect(await reserveFactorAttempt(db, 90_100 + i, address)).toBe(0)
    expect(await reserveFactorAttempt(db, 90_200, address)).toBeGreaterThan(0)
    expect(await reserveFactorAttempt(db, 90_201, '203.0.113.79')).toBe(0)
    await clearFactorAttempts(db, 90_001, address)
    expect(await reserveFactorAttempt(db, 90_001, address)).toBe(0)
  })

  it('holds a lock against attempts closer together than the database clock tells apart', async () => {
    // The embedded database's clock has a millisecond's grain; a statement takes less.
    const db = services().db
    const burst = await Promise.all(
      Array.from({ length: 40 }, () => reserveFactorAttempt(db, 90_300, null)),
    )
    expect(burst.filter((wait) => wait === 0)).toHaveLength(5)
    const after: number[] = []
    for (let i = 0; i < 40; i += 1) after.push(await reserveFactorAttempt(db, 90_300, null))
    expect(after.filter((wait) => wait === 0)).toEqual([])
  })
})

describe('step-up', () => {
  it('is needed five minutes after the sign-in, and a password check renews it for one without a factor', async () => {
    const s = server()
    const token = await s.login('orgadmin@demo.local')
    const [target] = await sql<{ user_id: number; roles: string[] }>(
      `select user_id, roles from users where email like '%@acme.example' order by user_id limit 1`,
    )
    const change = { roles: ['auditor'], permissions: ['devices:audits:read:org'] }
    services().clock.set(new Date(Date.now() + 6 * 60_000))
    const stale = await s.request('PUT', `/org/v1/users/${target?.user_id}`, {
      token,
      json: change,
    })
    expect(stale.status).toBe(403)
    expect(stale.body).toMatchObject({ error: 'step_up_required', params: { max_age: 300 } })
    const fresh = await s.request('POST', '/auth/v1/step-up', {
      token,
      json: { method: 'password', password: 'Demo-Password-1' },
    })
    expect(fresh.status).toBe(200)
    const pair = shaped(fresh.body, TokenPair)
    const done = await s.request('PUT', `/org/v1/users/${target?.user_id}`, {
      token: pair.access_token,
      json: change,
    })
    expect(done.status).toBe(200)
    // The token minted before the step-up still is not fresh.
    const old = await s.request('PUT', `/org/v1/users/${target?.user_id}`, {
      token,
      json: { roles: ['staff'], permissions: ['users:read:org'] },
    })
    expect(old.status).toBe(403)
  })

  it('answers each decisive route 403 step_up_required without claiming its idempotency key', async () => {
    const s = server()
    const token = await s.login('admin@demo.local')
    services().clock.set(new Date(Date.now() + 6 * 60_000))
    const [device] = await sql<{ device_id: number }>(
      `select device_id from devices order by device_id limit 1`,
    )
    const [user] = await sql<{ user_id: number }>(
      `select user_id from users where email like '%@acme.example' order by user_id limit 1`,
    )
    const routes: [string, string, unknown][] = [
      ['POST', '/sbm/v1/lockdowns/1/release', { reason: 'drill over' }],
      ['POST', '/sbm/v1/lockdowns/1/release/approve', undefined],
      ['POST', `/access/v1/devices/${device?.device_id}/control/force_unlock`, undefined],
      ['POST', `/access/v1/devices/${device?.device_id}/rotate_offline_key`, undefined],
      [
        'PUT',
        `/org/v1/users/${user?.user_id}`,
        { roles: ['admin'], permissions: ['users:update'] },
      ],
      ['POST', `/org/v1/users/${user?.user_id}/factors/reset`, { reason: 'lost phone' }],
    ]
    for (const [method, path, json] of routes) {
      const key = `step-up-${path}`
      const reply = await s.request(method, path, {
        token,
        json,
        headers: { 'idempotency-key': key },
      })
      expect(reply.status, path).toBe(403)
      expect(reply.body, path).toMatchObject({ error: 'step_up_required' })
      const claimed = await sql('select 1 from idempotency_keys where key = $1', [key])
      expect(claimed, path).toHaveLength(0)
    }
  })

  it('refuses a forged amr or auth_time: re-signed with another key, it is no token', async () => {
    const s = server()
    const pair = await s.pair('admin@demo.local')
    const [header, body] = pair.access_token.split('.')
    const claims = JSON.parse(Buffer.from(body ?? '', 'base64url').toString()) as Record<
      string,
      unknown
    >
    const forged = await signAccessToken(
      new TextEncoder().encode('not-the-servers-key-not-the-servers-key'),
      Number(claims.sub),
      {
        epoch: Number(claims.ses),
        sid: String(claims.sid),
        authTime: Math.floor(Date.now() / 1000) + 600,
        amr: ['pwd', 'otp', 'mfa'],
      },
      600,
    )
    expect(header).toBeDefined()
    const reply = await s.request('GET', '/org/v1/users/me', { token: forged })
    expect(reply.status).toBe(401)
  })
})

describe('an export of more than 10,000 rows', () => {
  it('needs a fresh check; a smaller one does not', async () => {
    // The log grows past the bound: copies of its newest row, numbered on.
    await sql(
      `insert into device_audits (audit_id, org_seq, created_at, device_id, device_name,
         device_type_id, location_id, command, result, detail, detail_code, user_id, actor_email,
         organization_id)
       select a.audit_id + g, a.org_seq + g, a.created_at, a.device_id, a.device_name,
              a.device_type_id, a.location_id, a.command, a.result, a.detail, a.detail_code,
              a.user_id, a.actor_email, a.organization_id
       from (select * from device_audits order by audit_id desc limit 1) a,
            generate_series(1, 10001) g`,
    )
    // The global count the log's pages and exports are bounded by (migration 006).
    await sql('update audit_counters set n = n + 10001 where scope_id = 0')
    const token = await server().login('admin@demo.local')
    services().clock.set(new Date(Date.now() + 6 * 60_000))
    const all = await server().request('GET', '/sbm/v1/devices/audit/export.csv', { token })
    expect(all.status).toBe(403)
    expect(all.body).toMatchObject({ error: 'step_up_required' })
    const users = await server().request('GET', '/org/v1/users/export.csv', { token })
    expect(users.status).toBe(200)
  })
})

describe('sessions', () => {
  it('lists mine with this one marked; ending the others stops their refresh and their access tokens', async () => {
    const s = server()
    const email = 'auditor@demo.local'
    const other = await s.pair(email)
    const mine = await s.pair(email)
    const listed = shaped(
      (
        await s.request('GET', '/auth/v1/sessions', {
          token: mine.access_token,
          headers: { 'user-agent': 'x' },
        })
      ).body,
      Sessions,
    )
    expect(listed.data.filter((session) => session.current)).toHaveLength(1)
    expect(listed.data.length).toBeGreaterThanOrEqual(2)
    const ended = await s.request('POST', '/auth/v1/sessions/end-others', {
      token: mine.access_token,
    })
    expect(ended.status).toBe(200)
    expect((ended.body as { ended: number }).ended).toBeGreaterThanOrEqual(1)
    const refresh = await s.request('POST', '/auth/v1/token/refresh', {
      json: { refresh_token: other.refresh_token },
    })
    expect(refresh.status).toBe(401)
    expect((await s.request('GET', '/org/v1/users/me', { token: other.access_token })).status).toBe(
      401,
    )
    expect((await s.request('GET', '/org/v1/users/me', { token: mine.access_token })).status).toBe(
      200,
    )
    const journal = await sql<{ action: string }>(
      `select action from journal where target_type = 'session' and actor_email = $1 and action = 'sign_out'`,
      [email],
    )
    expect(journal.length).toBeGreaterThanOrEqual(1)
  })

  it('ends the sessions begun longer than a refresh token lives ago at the next sign-in, so the live list stays short', async () => {
    const s = server()
    const email = 'staff@demo.local'
    const old = await s.pair(email)
    const kept = await s.pair(email)
    const sid = (token: string) =>
      (
        JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
          sid: string
        }
      ).sid
    const lifetime = s.running.handle.services.options.refreshTokenTtl
    await sql(
      `update sessions set first_seen = now() - ($2::int + 1) * interval '1 second'
       where session_id = $1`,
      [sid(old.access_token), lifetime],
    )
    await s.pair(email)
    const live = await sql<{ session_id: string }>(
      `select session_id from sessions where session_id = any($1) and ended_at is null`,
      [[sid(old.access_token), sid(kept.access_token)]],
    )
    expect(live.map((row) => row.session_id)).toEqual([sid(kept.access_token)])
    expect((await s.request('GET', '/org/v1/users/me', { token: kept.access_token })).status).toBe(
      200,
    )
  })
})

describe('an admin', () => {
  it('cannot reset the factors of a person in another organization', async () => {
    const s = server()
    const email = await firstStaff(0)
    const [target] = await sql<{ user_id: number }>('select user_id from users where email = $1', [
      email,
    ])
    const token = await s.login('globexadmin@demo.local')
    const reply = await s.request('POST', `/org/v1/users/${target?.user_id}/factors/reset`, {
      token,
      json: { reason: 'lost phone' },
    })
    expect(reply.status).toBe(404)
  })

  it('leads a person a policy requires a factor of through enrolment, and nothing else first', async () => {
    const s = server()
    const admin = await s.login('admin@demo.local')
    const policy = await s.request('PUT', '/org/v1/organizations/1/mfa-policy', {
      token: admin,
      json: { required_for: ['users:update:org'], passwordless_passkeys: false },
    })
    expect(policy.status).toBe(200)
    const step = await challenge('orgadmin@demo.local')
    expect(step.enrolment_required).toBe(true)
    expect(step.methods).toEqual([])
    const elsewhere = await s.request('GET', '/org/v1/users/me', { token: step.mfa_token })
    expect(elsewhere.status).toBe(403)
    expect(elsewhere.body).toMatchObject({ error: 'enrolment_required' })
    // The enrol-only token cannot stand in for the factor step.
    expect((await factorStep(step.mfa_token, { method: 'totp', code: '123456' })).status).toBe(401)
    const started = shaped(
      (await s.request('POST', '/auth/v1/factors/totp', { token: step.mfa_token })).body,
      TotpEnrolment,
    )
    const done = await s.request('POST', '/auth/v1/factors/totp/confirm', {
      token: step.mfa_token,
      json: { code: codeAt(started.secret, services().clock.now()) },
    })
    expect(done.status).toBe(200)
    const enrolled = shaped(done.body, EnrolmentDone)
    expect(enrolled.recovery_codes).toHaveLength(10)
    expect(enrolled.tokens).not.toBeNull()
    const me = await s.request('GET', '/org/v1/users/me', { token: enrolled.tokens?.access_token })
    expect(me.status).toBe(200)
    await s.request('PUT', '/org/v1/organizations/1/mfa-policy', {
      token: admin,
      json: { required_for: [], passwordless_passkeys: false },
    })
  })
})
