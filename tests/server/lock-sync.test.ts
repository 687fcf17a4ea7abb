import { describe, expect, it } from 'vitest'
import { Credential } from '../../src/contract/credentials'
import { CredentialDetail, type HoldingState } from '../../src/contract/lock-sync'
import { LockSyncJob } from '../../server/jobs/lock-sync-job'
import { ORGADMIN, shaped, useServer } from './helpers'
import { lockSite } from './lock-sync-helpers'

// Credentials on the locks (decision 073), on both databases: every credential change moves each
// lock's state by the one table (server/access/lock-states.ts); a lock not connected keeps its
// changes and takes them in order when seen again; two jobs never apply one change twice. The
// simulated locks wait 5–10 s of the server's clock before taking a change, so every state in
// between is seen; the test moves the clock on and steps the job.

const server = useServer({ lockdownPollMs: 60_000, deviceDelayMs: 10_000 })
const services = () => server().running.handle.services
const sql = <T extends object>(text: string, params?: readonly unknown[]) =>
  services().db.query<T>(text, params)

/** The round a write woke (it times the changes), the clock past every delay, and a round. */
async function later() {
  await services().lockSyncJob.tick()
  services().clock.set(new Date(services().clock.now().getTime() + 20_000))
  await services().lockSyncJob.tick()
}

async function statesOf(token: string, credentialId: number) {
  const reply = await server().request('GET', `/access/v1/credentials/${credentialId}`, { token })
  if (reply.status === 404) {
    const rows = await sql<{ device_id: number; state: HoldingState }>(
      'select device_id, state from lock_holdings where credential_id = $1',
      [credentialId],
    )
    return Object.fromEntries(rows.map((r) => [r.device_id, r.state]))
  }
  const { locks } = shaped(reply.body, CredentialDetail)
  return Object.fromEntries(locks.map((l) => [l.device_id, l.state]))
}

describe('credentials on the locks', () => {
  it('moves each lock’s state by the table through create, shorten, disable, enable and delete', async () => {
    const token = await server().login(ORGADMIN)
    const s = await lockSite(sql, 'Sync site A')
    const created = await server().request('POST', '/access/v1/credentials', {
      token,
      json: {
        user_id: s.user,
        assignment_type: 'location',
        assignment_id: s.location,
        start_datetime: '2026-01-01T08:00:00Z',
        permanent: true,
      },
    })
    expect(created.status).toBe(201)
    const id = shaped(created.body, Credential).credential_id
    const states = () => statesOf(token, id)
    // The lock without the capability holds no PINs; both others must.
    expect(await states()).toEqual({ [s.online]: 'pending', [s.offline]: 'pending' })
    await later()
    expect(await states()).toEqual({ [s.online]: 'on_lock', [s.offline]: 'pending' })

    // Its end moved earlier: the lock lets go of the old window and takes the new one.
    const end = new Date(services().clock.now().getTime() + 30 * 86_400_000).toISOString()
    const put = await server().request('PUT', `/access/v1/credentials/${id}`, {
      token,
      json: { permanent: false, end_datetime: end },
    })
    expect(put.status).toBe(200)
    expect(await states()).toEqual({ [s.online]: 'pending', [s.offline]: 'pending' })
    await later()
    expect(await states()).toEqual({ [s.online]: 'on_lock', [s.offline]: 'pending' })

    const disable = (disabled: boolean) =>
      server().request('PUT', `/org/v1/users/${s.user}`, { token, json: { disabled } })
    const disabled = await disable(true)
    expect(disabled.body).toMatchObject({ disabled: true })
    expect(await states()).toEqual({ [s.online]: 'removing', [s.offline]: 'removing' })
    await later()
    expect(await states()).toEqual({ [s.online]: 'removed', [s.offline]: 'removing' })

    expect((await disable(false)).status).toBe(200)
    expect(await states()).toEqual({ [s.online]: 'pending', [s.offline]: 'pending' })
    await later()
    expect(await states()).toEqual({ [s.online]: 'on_lock', [s.offline]: 'pending' })

    expect(
      (await server().request('DELETE', `/access/v1/credentials/${id}`, { token })).status,
    ).toBe(204)
    expect(await states()).toEqual({ [s.online]: 'removing', [s.offline]: 'removing' })
    await later()
    expect(await states()).toEqual({ [s.online]: 'removed', [s.offline]: 'removing' })

    // Seen again: the lock takes what waited for it, in the order it was queued.
    const seen = await server().request('POST', `/sbm/v1/devices/${s.offline}/simulate`, {
      json: { event: 'connect' },
    })
    expect(seen.status).toBe(200)
    await later()
    expect(await states()).toEqual({ [s.online]: 'removed', [s.offline]: 'removed' })
    const taken = await sql<{ kind: string; applied_seq: string; applications: number }>(
      `select kind, applied_seq::text, applications from lock_changes
       where credential_id = $1 and device_id = $2 order by change_id`,
      [id, s.offline],
    )
    expect(taken.map((t) => t.kind)).toEqual(['put', 'remove', 'put', 'remove', 'put', 'remove'])
    const order = taken.map((t) => BigInt(t.applied_seq))
    expect(order).toEqual([...order].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    expect(taken.every((t) => t.applications === 1)).toBe(true)
  })

  it('shows a refused change as failed with its reason, and takes it on a later try', async () => {
    const token = await server().login(ORGADMIN)
    const s = await lockSite(sql, 'Sync site B')
    const created = await server().request('POST', '/access/v1/credentials', {
      token,
      json: {
        user_id: s.user,
        assignment_type: 'device',
        assignment_id: s.online,
        start_datetime: '2026-01-01T08:00:00Z',
        permanent: true,
      },
    })
    const id = shaped(created.body, Credential).credential_id
    const refusing = new LockSyncJob(services().db, services().logger, services().clock, {
      leaseMs: 5000,
      pollMs: 60_000,
      batch: 500,
      delayMs: 0,
      failureRate: 1,
      retryMs: 1000,
    })
    // Past the delay the server's own job gave the change when the create woke it.
    await services().lockSyncJob.tick()
    services().clock.set(new Date(services().clock.now().getTime() + 20_000))
    await refusing.tick()
    // The refusal is an event a rule may alert on (decision 079).
    const [refusals] = await sql<{ n: number }>(
      `select count(*)::int as n from events where event_type = 'credential.sync_failed'
         and subject_type = 'device' and subject_id = $1`,
      [s.online],
    )
    expect(refusals?.n).toBe(1)
    const reply = await server().request('GET', `/access/v1/credentials/${id}`, { token })
    const [lock] = shaped(reply.body, CredentialDetail).locks
    expect(lock).toMatchObject({ state: 'failed', wanted: true })
    expect(['lock_timeout', 'lock_busy']).toContain(lock?.reason)
    const list = await server().request('GET', '/access/v1/credentials?sync=unsettled&length=100', {
      token,
    })
    expect(
      (list.body as { data: { credential_id: number }[] }).data.map((c) => c.credential_id),
    ).toContain(id)
    await later()
    expect(await statesOf(token, id)).toEqual({ [s.online]: 'on_lock' })
    const settledList = await server().request(
      'GET',
      '/access/v1/credentials?sync=unsettled&length=100',
      { token },
    )
    expect(
      (settledList.body as { data: { credential_id: number }[] }).data.map((c) => c.credential_id),
    ).not.toContain(id)
  })

  it('applies 100 changes queued while a lock was away in order, once each, with two jobs at it', async () => {
    const token = await server().login(ORGADMIN)
    const s = await lockSite(sql, 'Sync site C')
    const created = await server().request('POST', '/access/v1/credentials', {
      token,
      json: {
        user_id: s.user,
        assignment_type: 'device',
        assignment_id: s.offline,
        start_datetime: '2026-01-01T08:00:00Z',
        end_datetime: '2030-01-01T08:00:00Z',
      },
    })
    const id = shaped(created.body, Credential).credential_id
    // Extended and shortened by turns: each change is a put, each shortening a removal and a put.
    for (let n = 1; n <= 66; n++) {
      const end = `${2030 + (n % 2)}-01-01T08:${String(n % 60).padStart(2, '0')}:00Z`
      const put = await server().request('PUT', `/access/v1/credentials/${id}`, {
        token,
        json: { end_datetime: end },
      })
      expect(put.status).toBe(200)
    }
    const [{ n: queued } = { n: 0 }] = await sql<{ n: number }>(
      `select count(*)::int as n from lock_changes where device_id = $1 and state = 'queued'`,
      [s.offline],
    )
    expect(queued).toBeGreaterThanOrEqual(100)
    expect(await statesOf(token, id)).toEqual({ [s.offline]: 'pending' })
    await server().request('POST', `/sbm/v1/devices/${s.offline}/simulate`, {
      json: { event: 'connect' },
    })
    const job = () =>
      new LockSyncJob(services().db, services().logger, services().clock, {
        leaseMs: 5000,
        pollMs: 60_000,
        batch: 7,
        delayMs: 0,
        failureRate: 0.2,
        retryMs: 0,
      })
    await services().lockSyncJob.tick()
    services().clock.set(new Date(services().clock.now().getTime() + 20_000))
    const [one, two] = [job(), job()]
    for (let round = 0; round < 200; round++) {
      await Promise.all([one.tick(), two.tick()])
      const [left] = await sql<{ n: number }>(
        `select count(*)::int as n from lock_changes where device_id = $1 and state = 'queued'`,
        [s.offline],
      )
      if (left?.n === 0) break
    }
    const taken = await sql<{
      change_id: string
      applied_seq: string | null
      applications: number
    }>(
      `select l.change_id::text as change_id, applied_seq::text, applications from lock_changes l
       where device_id = $1 order by l.change_id`,
      [s.offline],
    )
    expect(taken.length).toBe(queued)
    expect(taken.filter((t) => t.applications !== 1)).toEqual([])
    const order = taken.map((t) => BigInt(t.applied_seq ?? '0'))
    expect(order).toEqual([...order].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)))
    expect(await statesOf(token, id)).toEqual({ [s.offline]: 'on_lock' })
  })
})
