import { describe, expect, it } from 'vitest'
import { AuditPage } from '../../src/contract/audits'
import { ADMIN, AUDITOR, STAFF, shaped, useServer } from './helpers'

const server = useServer({ seedAuditRows: 300 })
const Page = AuditPage

async function page(token: string, query: string) {
  const reply = await server().request('GET', `/sbm/v1/devices/audit?${query}`, { token })
  expect(reply.status).toBe(200)
  return shaped(reply.body, Page)
}

describe('audit log', () => {
  it('answers newest first by default, with totals from the counter', async () => {
    const token = await server().login(ADMIN)
    const first = await page(token, '')
    expect(first.recordsTotal).toBe(300)
    expect(first.recordsFiltered).toBe(300)
    expect(first.data.map((a) => a.audit_id)).toEqual(Array.from({ length: 15 }, (_, i) => 300 - i))
  })

  it('pages by index range exactly like OFFSET paging would, at any start and both directions', async () => {
    const token = await server().login(ADMIN)
    // order_by=created_at takes the OFFSET path; seeded rows are 30 s apart, so both orders agree.
    for (const start of [0, 1, 137, 285, 299, 300, 450]) {
      for (const dir of ['desc', 'asc']) {
        const keyset = await page(token, `start=${start}&length=20&order_direction=${dir}`)
        const offset = await page(
          token,
          `start=${start}&length=20&order_by=created_at&order_direction=${dir}`,
        )
        expect(
          keyset.data.map((a) => a.audit_id),
          `start ${start} ${dir}`,
        ).toEqual(offset.data.map((a) => a.audit_id))
      }
    }
  })

  it('limits :org auditors to their organization with dense per-organization paging', async () => {
    const token = await server().login(AUDITOR)
    const first = await page(token, 'length=500')
    expect(first.recordsTotal).toBe(200)
    expect(first.data).toHaveLength(200)
    expect(new Set(first.data.map((a) => a.organization_id)).size).toBe(1)
    const deep = await page(token, 'start=190&length=15')
    expect(deep.data.map((a) => a.audit_id)).toEqual(first.data.slice(190).map((a) => a.audit_id))
  })

  it('sorts by user_id on request and searches device, command, result and actor', async () => {
    const token = await server().login(ADMIN)
    const byUser = await page(token, 'order_by=user_id&length=300')
    const users = byUser.data.map((a) => a.user_id)
    expect(users).toEqual([...users].sort((a, b) => b - a))
    const failures = await page(token, 'search=failure&length=500')
    expect(failures.recordsFiltered).toBeGreaterThan(0)
    expect(failures.recordsFiltered).toBeLessThan(300)
    expect(failures.data.every((a) => a.result === 'failure')).toBe(true)
    const byActor = await page(token, 'search=globexadmin')
    expect(byActor.data.every((a) => a.actor_email === 'globexadmin@demo.local')).toBe(true)
    const literal = await page(token, 'search=%25')
    expect(literal.recordsFiltered).toBe(0)
  })

  it('needs an audit permission', async () => {
    const token = await server().login(STAFF)
    expect((await page(token, '')).recordsTotal).toBe(200)
    const reply = await server().request('GET', '/sbm/v1/devices/audit', {})
    expect(reply.status).toBe(401)
  })
})
