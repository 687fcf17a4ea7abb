import { describe, expect, it } from 'vitest'
import { AuditNews, AuditPage } from '../../src/contract/audits'
import { listOf } from '../../src/contract/list'
import { Device } from '../../src/contract/devices'
import { ADMIN, AUDITOR, GLOBEX, shaped, useServer } from './helpers'

const server = useServer({ seedAuditRows: 1200 })

async function page(token: string, query: string) {
  const reply = await server().request('GET', `/sbm/v1/devices/audit?${query}`, { token })
  expect(reply.status).toBe(200)
  return shaped(reply.body, AuditPage)
}

async function news(token: string, query: string) {
  const reply = await server().request('GET', `/sbm/v1/devices/audit/news?${query}`, { token })
  expect(reply.status).toBe(200)
  return shaped(reply.body, AuditNews)
}

/** A connected lock of the caller's organization (admin: any), to write one audit row with. */
async function lockOf(token: string) {
  const reply = await server().request('GET', '/sbm/v1/devices?length=500', { token })
  const devices = shaped(reply.body, listOf(Device)).data
  const lock = devices.find(
    (d) => d.device_type_id === 'lock' && d.current_status.connected && d.organization_id === 1,
  )
  if (!lock) throw new Error('the seed holds a connected lock')
  return lock
}

async function lock(token: string, deviceId: number) {
  const reply = await server().request('POST', `/access/v1/devices/${deviceId}/control/lock`, {
    token,
  })
  expect(reply.status).toBe(200)
}

describe('the audit log read up to a bound, and what arrived after it', () => {
  it('keeps every page of a bounded view where it was while new entries arrive', async () => {
    const token = await server().login(ADMIN)
    const first = await page(token, 'length=20')
    expect(first.upto).toBe(first.recordsTotal)
    const sorted = await page(token, `length=20&order_by=device_name&upto=${first.upto}`)
    expect(await news(token, `after=${first.upto}`)).toEqual({
      upto: first.upto,
      count: 0,
      more: false,
    })

    const device = await lockOf(token)
    await lock(token, device.device_id)

    const later = await news(token, `after=${first.upto}`)
    expect(later).toEqual({ upto: first.upto + 1, count: 1, more: false })
    // Read at the old bound, both the keyset and the OFFSET paths answer exactly what they did.
    expect(await page(token, `length=20&upto=${first.upto}`)).toEqual(first)
    expect(await page(token, `length=20&order_by=device_name&upto=${first.upto}`)).toEqual(sorted)
    // At the new bound the entry is first, newest first.
    const fresh = await page(token, `length=20&upto=${later.upto}`)
    expect(fresh.recordsTotal).toBe(first.recordsTotal + 1)
    expect(fresh.data[0]?.device_id).toBe(device.device_id)
    expect(fresh.data.slice(1)).toEqual(first.data.slice(0, 19))
  })

  it('counts only new entries that match the search', async () => {
    const token = await server().login(ADMIN)
    const { upto } = await page(token, 'length=1')
    await lock(token, (await lockOf(token)).device_id)
    expect((await news(token, `after=${upto}&search=failure`)).count).toBe(0)
    expect((await news(token, `after=${upto}&search=lock`)).count).toBe(1)
  })

  it("counts an :org auditor's own organization only, in its own sequence", async () => {
    const auditor = await server().login(AUDITOR)
    const own = await page(auditor, 'length=5')
    const globex = await server().login(GLOBEX)
    const reply = await server().request('GET', '/sbm/v1/devices?length=500', { token: globex })
    const theirs = shaped(reply.body, listOf(Device)).data.find(
      (d) => d.device_type_id === 'lock' && d.current_status.connected,
    )
    if (!theirs) throw new Error('Globex holds a connected lock')
    await lock(globex, theirs.device_id)
    expect(await news(auditor, `after=${own.upto}`)).toEqual({
      upto: own.upto,
      count: 0,
      more: false,
    })
    const admin = await server().login(ADMIN)
    await lock(admin, (await lockOf(admin)).device_id)
    expect(await news(auditor, `after=${own.upto}`)).toEqual({
      upto: own.upto + 1,
      count: 1,
      more: false,
    })
  })

  it('stops counting at the cap and says there are more', async () => {
    const token = await server().login(ADMIN)
    expect(await news(token, 'after=0')).toMatchObject({ count: 1000, more: true })
  })

  it('refuses a missing or negative bound with a 400 naming the field', async () => {
    const token = await server().login(ADMIN)
    for (const query of ['', 'after=-1', 'after=x']) {
      const reply = await server().request('GET', `/sbm/v1/devices/audit/news?${query}`, { token })
      expect(reply.status, query).toBe(400)
      expect(reply.body).toMatchObject({ field: 'after' })
    }
    const bad = await server().request('GET', '/sbm/v1/devices/audit?upto=-3', { token })
    expect(bad.status).toBe(400)
    expect(bad.body).toMatchObject({ field: 'upto' })
    const anonymous = await server().request('GET', '/sbm/v1/devices/audit/news?after=0')
    expect(anonymous.status).toBe(401)
  })
})
