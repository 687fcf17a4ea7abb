import { describe, expect, it } from 'vitest'
import { TokenPair } from '../../src/contract/auth'
import { Lockdown, LOCKDOWNS_PATH } from '../../src/contract/lockdowns'
import { seedLockSite } from '../../bench/helpers/seed-site'
import { ADMIN, PASSWORD, shaped } from './helpers'
import { useTwoServersOnPostgres } from './failover-helpers'

// A lockdown's job outlives the server running it (docs/lockdown.md): two server processes on one
// PostgreSQL; the one that started a lockdown of 1,000 devices is killed with SIGKILL half-way, and
// the other finishes it, each device locked by exactly one command.
const postgres = process.env.TEST_DATABASE_URL
const title = postgres
  ? 'lockdown failover on one PostgreSQL'
  : 'lockdown failover on one PostgreSQL — skipped: needs TEST_DATABASE_URL (npm run test:server:pg)'
const DEVICES = 1000

describe.skipIf(!postgres)(title, () => {
  const pair = useTwoServersOnPostgres()

  it('finishes on the other server when the one running it is killed, commanding each device once', async () => {
    const [first] = pair.servers()
    const client = pair.client()
    const site = await seedLockSite(
      async <T>(sql: string, params?: unknown[]) => (await client.query(sql, params)).rows as T[],
      DEVICES,
    )
    const token = await fetch(`${first.url}/auth/v1/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: ADMIN, password: PASSWORD }).toString(),
    }).then(async (r) => shaped(await r.json(), TokenPair).access_token)

    const started = await fetch(`${first.url}${LOCKDOWNS_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ scope_type: 'location', scope_id: site, reason: 'Failover test' }),
    })
    expect(started.status).toBe(201)
    const { lockdown_id: id } = shaped(await started.json(), Lockdown)

    const locked = async () => {
      const { rows } = await client.query<{ state: string; n: number }>(
        `select state, count(*)::int as n from lockdown_devices where lockdown_id = $1
         group by state`,
        [id],
      )
      return Object.fromEntries(rows.map((r) => [r.state, r.n])) as Record<string, number>
    }
    // Half-way (or as near as the poll sees it), the server that started it dies at once.
    for (let waited = 0; ((await locked()).locked ?? 0) < DEVICES / 2; waited += 20) {
      if (waited > 60_000) throw new Error('the job did not reach half-way in 60 s')
      await new Promise((r) => setTimeout(r, 20))
    }
    first.child.kill('SIGKILL')
    const killedAt = await locked()
    expect(killedAt.pending ?? 0).toBeGreaterThan(0)

    for (let waited = 0; ((await locked()).pending ?? 0) > 0; waited += 100) {
      if (waited > 60_000) throw new Error('the other server did not finish in 60 s')
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(await locked()).toEqual({ locked: DEVICES })

    // Each device of the site: locked, with exactly one audit row from this lockdown's job.
    const { rows: audits } = await client.query<{ device_id: number; n: number }>(
      `select d.device_id, count(a.audit_id)::int as n
       from devices d left join device_audits a
         on a.device_id = d.device_id and a.request_id = $2
       where d.location_id = $1 group by d.device_id`,
      [site, `lockdown-${id}`],
    )
    expect(audits).toHaveLength(DEVICES)
    expect(audits.filter((a) => a.n !== 1)).toEqual([])
    const { rows: states } = await client.query<{ lock_state: string; n: number }>(
      'select lock_state, count(*)::int as n from devices where location_id = $1 group by lock_state',
      [site],
    )
    expect(states).toEqual([{ lock_state: 'locked', n: DEVICES }])
  }, 180_000)
})
