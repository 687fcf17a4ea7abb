import { networkInterfaces } from 'node:os'
import { beforeAll, describe, expect, it } from 'vitest'
import { hashPassword } from '../../server/auth/passwords'
import { createPasswordToken } from '../../server/auth/tokens'
import { isLoopback, optionsFromEnv } from '../../server/config'
import { startServer } from '../../server/main'
import { ADMIN, ORGADMIN, PASSWORD, describeOffPostgresRun, useServer } from './helpers'
import { spawnMain } from './process-helpers'

// An address of this machine that other machines reach (eth0), when it has one.
const reachable = Object.values(networkInterfaces())
  .flat()
  .find((i) => i?.family === 'IPv4' && !i.internal)?.address

const base = {
  port: 0,
  dataDir: 'memory://',
  seedAuditRows: 20,
  scryptLogN: 10,
  logLevel: 'silent' as const,
  distDir: 'tests/server/no-dist',
}

const via = (address: string, url: string) => url.replace(/\/\/[^/:]+:/, `//${address}:`)

/**
 * Runs the server (`npm start`'s bundle) with `env` until it prints its address or exits; answers
 * its output.
 */
async function runMain(env: Record<string, string>) {
  // Stopped with SIGTERM once it listens: no load balancer to wait for (DRAIN_MS 0).
  const child = spawnMain(env)
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  // 'close', not 'exit': a line written just before the kill may still be in the pipe at 'exit'.
  const exit = new Promise<number | null>((resolve) => child.once('close', resolve))
  for (let waited = 0; waited < 140_000 && !/Access console: /.test(stdout); waited += 100) {
    if (child.exitCode !== null) break
    await new Promise((r) => setTimeout(r, 100))
  }
  const running = child.exitCode === null
  if (running) child.kill('SIGTERM')
  return { running, code: await exit, stdout, stderr }
}

// Its own servers on their own in-memory databases: the PostgreSQL run would repeat them.
describeOffPostgresRun('listening address', () => {
  it('is loopback unless HOST says otherwise', () => {
    expect(optionsFromEnv({}).host).toBe('127.0.0.1')
    expect(optionsFromEnv({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0')
    expect(isLoopback('127.0.0.1')).toBe(true)
    expect(isLoopback('::ffff:127.0.0.1')).toBe(true)
    expect(isLoopback('::1')).toBe(true)
    expect(isLoopback('0.0.0.0')).toBe(false)
    expect(isLoopback('192.0.2.7')).toBe(false)
  })

  it.skipIf(!reachable)(
    'a default server cannot be reached from the network',
    async () => {
      const running = await startServer(base)
      try {
        expect(running.url).toMatch(/^http:\/\/127\.0\.0\.1:/)
        expect((await fetch(`${running.url}/health`)).status).toBe(200)
        await expect(fetch(`${via(reachable ?? '', running.url)}/health`)).rejects.toThrow()
      } finally {
        await running.close()
      }
    },
    90_000,
  )

  it('refuses demo mode on a reachable address without the explicit flag', async () => {
    await expect(startServer({ ...base, host: '0.0.0.0' })).rejects.toThrow(/DEMO_ALLOW_REMOTE=1/)
    const refused = await runMain({ HOST: '0.0.0.0' })
    expect(refused.running).toBe(false)
    expect(refused.code).not.toBe(0)
    expect(refused.stderr).toContain('DEMO_ALLOW_REMOTE=1')
  }, 90_000)

  // Three real server processes, started together: slow on a loaded machine, hence the time limit.
  it('warns for demo mode on a reachable address with the flag, not on loopback or outside demo mode', async () => {
    const [flagged, loopback, production] = await Promise.all([
      runMain({ HOST: '0.0.0.0', DEMO_ALLOW_REMOTE: '1', LOG_LEVEL: 'silent' }),
      runMain({ LOG_LEVEL: 'silent' }),
      runMain({
        HOST: '0.0.0.0',
        DEMO_MODE: '0',
        LOG_LEVEL: 'silent',
        MFA_ENCRYPTION_KEY: 'a-key-of-32-characters-or-longer!',
      }),
    ])
    expect(flagged.running).toBe(true)
    expect(flagged.stderr).toMatch(/WARNING: demo mode on 0\.0\.0\.0/)
    expect(loopback.running).toBe(true)
    expect(loopback.stderr).not.toContain('WARNING')
    expect(production.running).toBe(true)
    expect(production.stderr).not.toContain('WARNING')
    expect(production.stdout).not.toContain(PASSWORD)
  }, 150_000)
})

describe.skipIf(!reachable)('the demo’s own doors on a reachable address', () => {
  const server = useServer({ host: '0.0.0.0', demoAllowRemote: true, clock: 'settable' })
  const outbox = (address: string, token?: string) =>
    fetch(`${via(address, server().url)}/dev/outbox`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })

  it('answers a connection from this machine', async () => {
    expect((await outbox('127.0.0.1')).status).toBe(200)
  })

  it('refuses a stranger on the network, whatever forwarded-for says', async () => {
    const stranger = await outbox(reachable ?? '')
    expect(stranger.status).toBe(403)
    expect(((await stranger.json()) as { message: string }).message).toMatch(/this machine/)
    const forged = await fetch(`${via(reachable ?? '', server().url)}/dev/outbox`, {
      headers: { 'x-forwarded-for': '127.0.0.1' },
    })
    expect(forged.status).toBe(403)
  })

  it('answers a signed-in administrator on the network, not an organization admin', async () => {
    expect((await outbox(reachable ?? '', await server().login(ADMIN))).status).toBe(200)
    expect((await outbox(reachable ?? '', await server().login(ORGADMIN))).status).toBe(403)
  })

  it('simulates a device’s report for this machine or a signed-in administrator only', async () => {
    const report = (address: string, token?: string) =>
      fetch(`${via(address, server().url)}/sbm/v1/devices/1/simulate`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify({ event: 'connect' }),
      })
    expect((await report('127.0.0.1')).status).toBe(200)
    expect((await report(reachable ?? '')).status).toBe(403)
    expect((await report(reachable ?? '', await server().login(ORGADMIN))).status).toBe(403)
    expect((await report(reachable ?? '', await server().login(ADMIN))).status).toBe(200)
  })

  it('shows the test clock to this machine only', async () => {
    expect((await fetch(`${via('127.0.0.1', server().url)}/dev/clock`)).status).toBe(200)
    const stranger = await fetch(`${via(reachable ?? '', server().url)}/dev/clock`, {
      headers: { authorization: `Bearer ${await server().login(ADMIN)}` },
    })
    expect(stranger.status).toBe(404)
  })
})

describe('outside demo mode', () => {
  const server = useServer({ demoMode: false })
  // A database first opened outside demo mode requires a second factor of administrators
  // (decision 077, tests/server/first-start.test.ts); these tests are about the demo's doors.
  beforeAll(async () => {
    await server().running.handle.services.db.query("update mfa_policies set required_for = '{}'")
  })
  const OTHER = 'Own-Password-42'

  it('has no outbox', async () => {
    expect((await server().request('GET', '/dev/outbox')).status).toBe(404)
  })

  it('has no test clock and no simulated device reports', async () => {
    expect((await server().request('GET', '/dev/clock')).status).toBe(404)
    const report = { json: { event: 'connect' } }
    const path = '/sbm/v1/devices/1/simulate'
    // Like any path there it needs a token, and then is not found.
    expect((await server().request('POST', path, report)).status).toBe(401)
    const { db } = server().running.handle.services
    await db.query('update users set password_hash = $2 where email = $1', [
      ADMIN,
      await hashPassword(OTHER, 10),
    ])
    const token = (await server().pair(ADMIN, OTHER)).access_token
    expect((await server().request('POST', path, { ...report, token })).status).toBe(404)
  })

  it('refuses the published demo password, and accepts the account’s own', async () => {
    const refused = await server().request('POST', '/auth/v1/token', {
      form: { username: ADMIN, password: PASSWORD },
    })
    expect(refused.status).toBe(401)
    const { db } = server().running.handle.services
    await db.query('update users set password_hash = $2 where email = $1', [
      ADMIN,
      await hashPassword(OTHER, 10),
    ])
    expect((await server().pair(ADMIN, OTHER)).access_token).toBeTruthy()
  })

  it('does not let a reset set the published demo password', async () => {
    const { db } = server().running.handle.services
    const [user] = await db.query<{ user_id: number; email: string }>(
      'select user_id, email from users where email = $1',
      [ORGADMIN],
    )
    const token = await createPasswordToken(db, {
      userId: user?.user_id ?? 0,
      purpose: 'reset',
      ttlSeconds: 600,
      channel: 'email',
      sentTo: user?.email ?? '',
    })
    const reply = await server().request('POST', '/org/v1/users/password-reset', {
      json: { token, new_password: PASSWORD },
    })
    expect(reply.status).toBe(400)
    expect(reply.body).toMatchObject({ error: 'validation', field: 'new_password' })
  })
})
