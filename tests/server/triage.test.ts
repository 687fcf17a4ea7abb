import { describe, expect, it } from 'vitest'
import { AuditPage } from '../../src/contract/audits'
import { Device } from '../../src/contract/devices'
import { listOf } from '../../src/contract/list'
import { FAILED_WITHIN_HOURS, LOW_BATTERY, Triage } from '../../src/contract/triage'
import { ADMIN, AUDITOR, ORGADMIN, shaped, useServer } from './helpers'

// 3,000 rows 30 s apart reach 25 hours back: the oldest hour of failures is outside the window.
const server = useServer({ seedAuditRows: 3000 })

async function triage(token: string, query = '') {
  const reply = await server().request('GET', `/sbm/v1/devices/triage?${query}`, { token })
  expect(reply.status).toBe(200)
  return shaped(reply.body, Triage)
}

async function devices(token: string) {
  const reply = await server().request('GET', '/sbm/v1/devices?length=500', { token })
  return shaped(reply.body, listOf(Device)).data
}

describe('device triage', () => {
  it('lists devices not connected and batteries below the danger level, with their totals', async () => {
    const token = await server().login(ADMIN)
    const all = await devices(token)
    const offline = all.filter((d) => !d.current_status.connected)
    const low = all.filter((d) => (d.current_status.battery_level ?? 100) < LOW_BATTERY)
    expect(offline.length).toBeGreaterThan(0)
    expect(low.length).toBeGreaterThan(0)
    const body = await triage(token, 'length=50')
    expect(body.offline.total).toBe(offline.length)
    expect(body.offline.items.map((d) => d.device_id).sort()).toEqual(
      offline.map((d) => d.device_id).sort(),
    )
    expect(body.low_battery.total).toBe(low.length)
    const levels = body.low_battery.items.map((d) => d.current_status.battery_level ?? 100)
    expect(levels).toEqual([...levels].sort((a, b) => a - b))
    expect(levels.every((level) => level < LOW_BATTERY)).toBe(true)
  })

  it('keeps each list short: five items by default, the total still counting all', async () => {
    const token = await server().login(ADMIN)
    const body = await triage(token)
    expect(body.offline.items.length).toBe(Math.min(5, body.offline.total))
    expect(body.failed?.items.length).toBe(Math.min(5, body.failed?.total ?? 0))
  })

  it('counts failed commands of the last 24 hours per device, latest first', async () => {
    const token = await server().login(ADMIN)
    const reply = await server().request(
      'GET',
      '/sbm/v1/devices/audit?search=failure&length=500&order_by=created_at',
      { token },
    )
    const since = Date.now() - FAILED_WITHIN_HOURS * 3_600_000
    const failures = shaped(reply.body, AuditPage).data
    const recent = failures.filter((a) => Date.parse(a.created_at) > since)
    expect(recent.length).toBeGreaterThan(0)
    expect(recent.length).toBeLessThan(failures.length)
    const body = await triage(token, 'length=50')
    const failed = body.failed?.items ?? []
    expect(failed.reduce((sum, d) => sum + d.failures, 0)).toBe(recent.length)
    const lastAt = failed.map((d) => Date.parse(d.last_at))
    expect(lastAt).toEqual([...lastAt].sort((a, b) => b - a))
  })

  it('puts a command that just failed at the top of the failures', async () => {
    const token = await server().login(ADMIN)
    const offline = (await devices(token)).find(
      (d) => !d.current_status.connected && d.capabilities.includes('remotely_lock'),
    )
    if (!offline) throw new Error('the seed holds an offline lock')
    const sent = await server().request(
      'POST',
      `/access/v1/devices/${offline.device_id}/control/lock`,
      { token },
    )
    expect(sent.status).toBe(409)
    const top = (await triage(token)).failed?.items[0]
    expect(top).toMatchObject({
      device_id: offline.device_id,
      device_name: offline.name,
      last_command: 'lock',
      last_detail: 'Device is not connected',
      last_detail_code: 'device_not_connected',
      last_detail_params: {},
    })
  })

  it("limits an :org caller to their organization's devices and failures", async () => {
    const token = await server().login(ORGADMIN)
    const own = await devices(token)
    const body = await triage(token, 'length=50')
    const ids = new Set(own.map((d) => d.device_id))
    expect(body.offline.total).toBe(own.filter((d) => !d.current_status.connected).length)
    for (const d of [...body.offline.items, ...body.low_battery.items]) {
      expect(d.organization_id).toBe(own[0]?.organization_id)
    }
    expect(body.failed?.items.every((d) => ids.has(d.device_id))).toBe(true)
  })

  it('needs devices:read; bad lengths are a 400 naming the field', async () => {
    const auditor = await server().login(AUDITOR)
    const refused = await server().request('GET', '/sbm/v1/devices/triage', { token: auditor })
    expect(refused.status).toBe(403)
    const token = await server().login(ADMIN)
    for (const length of ['0', '51', 'x', '-1']) {
      const reply = await server().request('GET', `/sbm/v1/devices/triage?length=${length}`, {
        token,
      })
      expect(reply.status, length).toBe(400)
      expect(reply.body).toMatchObject({ field: 'length' })
    }
  })
})
