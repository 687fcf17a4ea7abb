import { describe, expect, it } from 'vitest'
import { AccessAnswer } from '../../src/contract/access'
import { Device } from '../../src/contract/devices'
import { listOf } from '../../src/contract/list'
import {
  Lockdown,
  LockdownDetail,
  LockdownList,
  LOCKDOWNS_PATH,
  approvePath,
  lockdownPath,
  releasePath,
  retryPath,
} from '../../src/contract/lockdowns'
import { ADMIN, AUDITOR, GLOBEX, ORGADMIN, STAFF, shaped, useServer } from './helpers'

// Lockdown (docs/lockdown.md) on a real server, on PGlite and (npm run test:server:pg) PostgreSQL:
// the job locks every lockable device of the scope, unlocks and offline codes in scope are refused
// for everyone but an override holder, and only two different people release it.

const server = useServer()

const ACME_HQ = 1
const GLOBEX_TOWER = 3

async function devicesAt(token: string, locationId: number) {
  const reply = await server().request(
    'GET',
    `/sbm/v1/devices?location_id=${locationId}&length=500`,
    {
      token,
    },
  )
  expect(reply.status).toBe(200)
  return shaped(reply.body, listOf(Device)).data
}

/** Waits until the job has no device of the lockdown pending; answers its detail. */
async function settled(token: string, id: number) {
  for (let waited = 0; waited < 30_000; waited += 100) {
    const reply = await server().request('GET', lockdownPath(id), { token })
    const detail = shaped(reply.body, LockdownDetail)
    if (detail.lockdown.devices.pending === 0) return detail
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the lockdown job did not finish in 30 s')
}

const start = (token: string, json: unknown, headers?: Record<string, string>) =>
  server().request('POST', LOCKDOWNS_PATH, { token, json, headers })

describe('lockdown', () => {
  it('locks every lockable device of the location, refuses unlocks and offline codes, and takes two people to release', async () => {
    const admin = await server().login(ADMIN)
    const orgadmin = await server().login(ORGADMIN)
    const staff = await server().login(STAFF)
    const auditor = await server().login(AUDITOR)
    const devices = await devicesAt(admin, ACME_HQ)
    const lockable = devices.filter((d) => d.capabilities.includes('remotely_lock'))
    expect(lockable.length).toBeGreaterThan(1)

    // Staff may start one (whoever is at the desk); the answer is the lockdown, active.
    const started = await start(staff, {
      scope_type: 'location',
      scope_id: ACME_HQ,
      reason: 'Intruder in the lobby',
    })
    expect(started.status).toBe(201)
    const lockdown = shaped(started.body, Lockdown)
    expect(lockdown).toMatchObject({
      state: 'active',
      scope_name: 'Acme HQ',
      started_by: { email: STAFF },
      release: null,
    })
    expect(Object.values(lockdown.devices).reduce((a, b) => a + b, 0)).toBe(lockable.length)

    // The same scope again: 409, named.
    const again = await start(admin, { scope_type: 'location', scope_id: ACME_HQ, reason: 'x' })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ rule: 'already_locked_down' })

    // Every signed-in user of the organization sees it; Globex does not.
    for (const token of [auditor, staff]) {
      const list = await server().request('GET', `${LOCKDOWNS_PATH}?active=true`, { token })
      expect(shaped(list.body, LockdownList).data.map((l) => l.lockdown_id)).toEqual([
        lockdown.lockdown_id,
      ])
    }
    const globex = await server().login(GLOBEX)
    const hidden = await server().request('GET', `${LOCKDOWNS_PATH}?active=true`, { token: globex })
    expect(shaped(hidden.body, LockdownList).data).toEqual([])
    expect(
      (await server().request('GET', lockdownPath(lockdown.lockdown_id), { token: globex })).status,
    ).toBe(404)

    // The job locks each connected device once; a disconnected one is "not reached".
    const detail = await settled(admin, lockdown.lockdown_id)
    for (const device of lockable) {
      const part = detail.device_list.find((d) => d.device_id === device.device_id)
      expect(part?.state).toBe(device.current_status.connected ? 'locked' : 'not_reached')
      expect(part?.audit_id).not.toBeNull()
    }
    const after = await devicesAt(admin, ACME_HQ)
    for (const device of after.filter((d) => d.capabilities.includes('remotely_lock'))) {
      if (device.current_status.connected) expect(device.current_status.lock_state).toBe('locked')
    }

    // Unlocks in scope are refused for the org admin, naming the lockdown; the admin overrides.
    const door = lockable.find(
      (d) => d.current_status.connected && d.capabilities.includes('remotely_unlock'),
    )
    if (!door) throw new Error('no connected unlockable device at Acme HQ')
    // Its page says so before anyone presses Unlock.
    const page = await server().request('GET', `/sbm/v1/devices/${door.device_id}`, {
      token: orgadmin,
    })
    expect(shaped(page.body, Device).lockdown).toEqual({
      lockdown_id: lockdown.lockdown_id,
      scope_name: 'Acme HQ',
      started_by: STAFF,
      started_at: lockdown.started_at,
    })
    const refused = await server().request(
      'POST',
      `/access/v1/devices/${door.device_id}/control/unlock`,
      { token: orgadmin },
    )
    expect(refused.status).toBe(409)
    expect(refused.body).toMatchObject({
      error: 'conflict',
      rule: 'lockdown',
      params: { lockdown_id: lockdown.lockdown_id, started_by: STAFF, scope_name: 'Acme HQ' },
    })
    expect((refused.body as { audit_id?: number }).audit_id).toBeGreaterThan(0)
    const override = await server().request(
      'POST',
      `/access/v1/devices/${door.device_id}/control/unlock`,
      { token: admin },
    )
    expect(override.status).toBe(200)
    const [overrideAudit] = await server().running.handle.services.db.query(
      'select detail_code, detail_params from device_audits where audit_id = $1',
      [(override.body as { audit_id: number }).audit_id],
    )
    expect(overrideAudit).toMatchObject({
      detail_code: 'lockdown_override',
      detail_params: { lockdown_id: lockdown.lockdown_id },
    })
    const overrideRow = await server().request(
      'GET',
      `/org/v1/journal?target_type=device&target_id=${door.device_id}&length=1`,
      { token: admin },
    )
    expect(overrideRow.body).toMatchObject({
      data: [
        { action: 'device_command', changes: { lockdown_override: [null, lockdown.lockdown_id] } },
      ],
    })
    // Locking is never refused; a device in another location is not in scope.
    expect(
      (
        await server().request('POST', `/access/v1/devices/${door.device_id}/control/lock`, {
          token: orgadmin,
        })
      ).status,
    ).toBe(200)

    // No offline code for a device in scope, for anyone.
    const pinDevice = lockable.find((d) => d.capabilities.includes('program_offline_access_codes'))
    if (pinDevice) {
      const pin = await server().request(
        'POST',
        `/access/v1/devices/${pinDevice.device_id}/set/create_pin`,
        {
          token: admin,
          json: {
            data: {
              manufacturer_id: pinDevice.manufacturer_id,
              device_id_manufacturer: pinDevice.device_id_manufacturer,
              start_date: '2026-01-01T00:00:00Z',
              end_date: '2026-01-02T00:00:00Z',
            },
          },
        },
      )
      expect(pin.status).toBe(409)
      expect(pin.body).toMatchObject({ rule: 'lockdown' })
    }

    // Who can open a door of Acme HQ now? Nobody, naming the lockdown; before it, people could.
    const [door1] = await server().running.handle.services.db.query<{ door_id: number }>(
      'select door_id from doors where location_id = $1 order by door_id limit 1',
      [ACME_HQ],
    )
    const closed = await server().request('GET', `/access/v1/access?door_id=${door1?.door_id}`, {
      token: admin,
    })
    expect(shaped(closed.body, AccessAnswer)).toMatchObject({
      people_count: 0,
      people: [],
      lockdown: { lockdown_id: lockdown.lockdown_id, scope_name: 'Acme HQ', started_by: STAFF },
    })
    const before = await server().request(
      'GET',
      `/access/v1/access?door_id=${door1?.door_id}&at=${encodeURIComponent(new Date(Date.parse(lockdown.started_at) - 1000).toISOString())}`,
      { token: admin },
    )
    expect(shaped(before.body, AccessAnswer).lockdown).toBeNull()

    // Release: staff may not; admin requests; admin may not approve; org admin approves.
    const id = lockdown.lockdown_id
    expect(
      (await server().request('POST', releasePath(id), { token: staff, json: { reason: 'x' } }))
        .status,
    ).toBe(403)
    expect(
      (await server().request('POST', approvePath(id), { token: orgadmin, json: {} })).body,
    ).toMatchObject({
      rule: 'no_release_request',
    })
    const requested = await server().request('POST', releasePath(id), {
      token: admin,
      json: { reason: 'Police cleared the building' },
    })
    expect(requested.status).toBe(200)
    expect(shaped(requested.body, Lockdown)).toMatchObject({
      state: 'release_requested',
      release: { requested_by: { email: ADMIN }, state: 'pending', approved_by: null },
    })
    const twice = await server().request('POST', releasePath(id), {
      token: orgadmin,
      json: { reason: 'y' },
    })
    expect(twice.body).toMatchObject({ rule: 'release_pending' })
    const self = await server().request('POST', approvePath(id), { token: admin, json: {} })
    expect(self.status).toBe(409)
    expect(self.body).toMatchObject({ rule: 'second_person_required' })
    // 50 approvals at once by the second person, each its own key: exactly one releases.
    const approvals = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        server().request('POST', approvePath(id), {
          token: orgadmin,
          json: {},
          headers: { 'idempotency-key': `approve-${i}` },
        }),
      ),
    )
    expect(approvals.filter((a) => a.status === 200)).toHaveLength(1)
    expect(
      approvals
        .filter((a) => a.status === 409)
        .every((a) => (a.body as { rule: string }).rule === 'not_active'),
    ).toBe(true)
    // A replayed approval answers what it answered the first time.
    const winner = approvals.findIndex((a) => a.status === 200)
    const replay = await server().request('POST', approvePath(id), {
      token: orgadmin,
      json: {},
      headers: { 'idempotency-key': `approve-${winner}` },
    })
    expect(replay.status).toBe(200)
    expect(replay.body).toEqual(approvals[winner]?.body)
    expect(shaped(replay.body, Lockdown)).toMatchObject({
      state: 'released',
      release: { state: 'approved', approved_by: { email: ORGADMIN } },
    })

    // Released: unlocks work again, and nothing is active.
    expect(
      (
        await server().request('POST', `/access/v1/devices/${door.device_id}/control/unlock`, {
          token: orgadmin,
        })
      ).status,
    ).toBe(200)
    const open = await server().request('GET', `/access/v1/access?door_id=${door1?.door_id}`, {
      token: admin,
    })
    expect(shaped(open.body, AccessAnswer).lockdown).toBeNull()
    const pageAfter = await server().request('GET', `/sbm/v1/devices/${door.device_id}`, {
      token: orgadmin,
    })
    expect(shaped(pageAfter.body, Device).lockdown).toBeNull()
    const active = await server().request('GET', `${LOCKDOWNS_PATH}?active=true`, { token: staff })
    expect(shaped(active.body, LockdownList).data).toEqual([])

    // The journal has the start, the request and the approval.
    const journal = await server().request(
      'GET',
      `/org/v1/journal?target_type=lockdown&target_id=${id}&order_direction=asc&length=10`,
      { token: admin },
    )
    expect((journal.body as { data: { action: string }[] }).data.map((r) => r.action)).toEqual([
      'lockdown_start',
      'release_request',
      'release_approve',
    ])
  })

  it('refuses what the caller may not do, and another organization’s scope as absent', async () => {
    const auditor = await server().login(AUDITOR)
    const orgadmin = await server().login(ORGADMIN)
    expect(
      (await start(auditor, { scope_type: 'location', scope_id: ACME_HQ, reason: 'x' })).status,
    ).toBe(403)
    expect(
      (await start(orgadmin, { scope_type: 'location', scope_id: GLOBEX_TOWER, reason: 'x' }))
        .status,
    ).toBe(404)
    const noReason = await start(orgadmin, {
      scope_type: 'location',
      scope_id: ACME_HQ,
      reason: '  ',
    })
    expect(noReason.status).toBe(400)
    expect(noReason.body).toMatchObject({ field: 'reason', rule: 'required' })
    const badScope = await start(orgadmin, {
      scope_type: 'building',
      scope_id: ACME_HQ,
      reason: 'x',
    })
    expect(badScope.status).toBe(400)
  })

  it('lets a release request lapse, after which it cannot be approved', async () => {
    const admin = await server().login(ADMIN)
    const orgadmin = await server().login(ORGADMIN)
    const started = await start(orgadmin, { scope_type: 'floor', scope_id: 1, reason: 'Drill' })
    expect(started.status).toBe(201)
    const id = shaped(started.body, Lockdown).lockdown_id
    await settled(admin, id)
    expect(
      (
        await server().request('POST', releasePath(id), {
          token: orgadmin,
          json: { reason: 'Drill over' },
        })
      ).status,
    ).toBe(200)
    await server().running.handle.services.db.query(
      `update lockdowns set request_expires_at = now() - interval '1 second' where lockdown_id = $1`,
      [id],
    )
    const late = await server().request('POST', approvePath(id), { token: admin, json: {} })
    expect(late.status).toBe(409)
    expect(late.body).toMatchObject({ rule: 'release_lapsed' })
    const detail = await server().request('GET', lockdownPath(id), { token: admin })
    expect(shaped(detail.body, LockdownDetail).lockdown).toMatchObject({
      state: 'active',
      release: { state: 'lapsed' },
    })
    // A new request, then the other person approves.
    expect(
      (await server().request('POST', releasePath(id), { token: admin, json: { reason: 'Again' } }))
        .status,
    ).toBe(200)
    expect(
      (await server().request('POST', approvePath(id), { token: orgadmin, json: {} })).status,
    ).toBe(200)
  })

  it('sends the lock again to a device not reached, once it is connected', async () => {
    const admin = await server().login(ADMIN)
    const db = server().running.handle.services.db
    const [offline] = await db.query<{ device_id: number; location_id: number }>(
      `select device_id, location_id from devices
       where organization_id = 1 and 'remotely_lock' = any(capabilities) order by device_id limit 1`,
    )
    if (!offline) throw new Error('no lockable device')
    await db.query('update devices set connected = false where device_id = $1', [offline.device_id])
    const started = await start(admin, {
      scope_type: 'location',
      scope_id: offline.location_id,
      reason: 'Retry test',
    })
    expect(started.status).toBe(201)
    const id = shaped(started.body, Lockdown).lockdown_id
    const first = await settled(admin, id)
    expect(first.device_list.find((d) => d.device_id === offline.device_id)?.state).toBe(
      'not_reached',
    )
    await db.query('update devices set connected = true where device_id = $1', [offline.device_id])
    const retried = await server().request('POST', retryPath(id), { token: admin })
    expect(retried.status).toBe(200)
    const second = await settled(admin, id)
    expect(second.device_list.find((d) => d.device_id === offline.device_id)?.state).toBe('locked')
    // One successful lock per device from this lockdown's job.
    const [count] = await db.query<{ n: number }>(
      `select count(*)::int as n from device_audits
       where request_id = $1 and result = 'success' group by device_id order by n desc limit 1`,
      [`lockdown-${id}`],
    )
    expect(count?.n).toBe(1)
    const orgadmin = await server().login(ORGADMIN)
    await server().request('POST', releasePath(id), { token: admin, json: { reason: 'Done' } })
    expect(
      (await server().request('POST', approvePath(id), { token: orgadmin, json: {} })).status,
    ).toBe(200)
  })

  it('orders every unlock racing the start before it, or refuses it', async () => {
    const admin = await server().login(ADMIN)
    const orgadmin = await server().login(ORGADMIN)
    const db = server().running.handle.services.db
    const targets = (await devicesAt(admin, ACME_HQ)).filter(
      (d) =>
        d.current_status.connected &&
        d.capabilities.includes('remotely_unlock') &&
        d.capabilities.includes('remotely_lock'),
    )
    expect(targets.length).toBeGreaterThan(0)
    const unlock = (i: number) => {
      const device = targets[i % targets.length]
      return server().request('POST', `/access/v1/devices/${device?.device_id}/control/unlock`, {
        token: orgadmin,
      })
    }
    const [started, ...unlocks] = await Promise.all([
      start(admin, { scope_type: 'location', scope_id: ACME_HQ, reason: 'Race' }),
      ...Array.from({ length: 30 }, (_, i) => unlock(i)),
    ])
    expect(started?.status).toBe(201)
    const id = shaped(started?.body, Lockdown).lockdown_id
    for (const reply of unlocks) expect([200, 409]).toContain(reply.status)
    // Each unlock that succeeded committed before the lockdown did: the journal is in commit order.
    const [startRow] = await db.query<{ journal_id: number }>(
      `select journal_id::int from journal where action = 'lockdown_start' and target_id = $1`,
      [id],
    )
    const succeeded = unlocks
      .filter((r) => r.status === 200)
      .map((r) => (r.body as { audit_id: number }).audit_id)
    const later = await db.query(
      'select journal_id from journal where audit_id = any($1::int[]) and journal_id > $2',
      [succeeded, startRow?.journal_id],
    )
    expect(later).toEqual([])
    // After the start answered, every unlock is refused; the job leaves every target locked.
    const after = await Promise.all(targets.map((_, i) => unlock(i)))
    expect(after.map((r) => r.status)).toEqual(targets.map(() => 409))
    await settled(admin, id)
    for (const device of await devicesAt(admin, ACME_HQ)) {
      if (targets.some((t) => t.device_id === device.device_id))
        expect(device.current_status.lock_state).toBe('locked')
    }
  })
})
