import { describe, expect, it } from 'vitest'
import { AUDIT_COUNT_CAP, AuditPage, auditSortKeys } from '../../src/contract/audits'
import { Device } from '../../src/contract/devices'
import { listOf } from '../../src/contract/list'
import { ADMIN, AUDITOR, shaped, useServer } from './helpers'

// Several blocks of 1024 audit ids, so pages cross block and value boundaries.
const ROWS = 4500
const server = useServer({ seedAuditRows: ROWS })
const Page = AuditPage

async function page(token: string, query: string) {
  const reply = await server().request('GET', `/sbm/v1/devices/audit?${query}`, { token })
  expect(reply.status, query).toBe(200)
  return shaped(reply.body, Page)
}

const sortSql: Record<(typeof auditSortKeys)[number], string> = {
  audit_id: 'audit_id',
  created_at: 'created_at',
  user_id: 'user_id',
  device_name: 'device_name',
  command: 'command',
  result: 'result',
}

/** The ids plain OFFSET paging answers: what every faster path must equal. */
async function expected(
  where: string,
  params: unknown[],
  by: (typeof auditSortKeys)[number],
  dir: 'asc' | 'desc',
  start: number,
  length: number,
) {
  const rows = await server().running.handle.services.db.query<{ audit_id: number }>(
    `select audit_id from device_audits where ${where}
     order by ${sortSql[by]} ${dir}, audit_id ${dir} limit ${length} offset ${start}`,
    params,
  )
  return rows.map((r) => r.audit_id)
}

async function acme() {
  const [org] = await server().running.handle.services.db.query<{ organization_id: number }>(
    "select organization_id from organizations where name = 'Acme'",
  )
  return org?.organization_id ?? 0
}

describe('audit pages by any column', () => {
  it('equal OFFSET paging for every sort, both directions, at starts across blocks', async () => {
    const token = await server().login(ADMIN)
    for (const by of auditSortKeys) {
      for (const dir of ['asc', 'desc'] as const) {
        for (const start of [0, 1, 1023, 1024, 2222, ROWS - 15, ROWS - 3, ROWS]) {
          const got = await page(
            token,
            `start=${start}&length=20&order_by=${by}&order_direction=${dir}`,
          )
          expect(got.recordsFiltered).toBe(ROWS)
          expect(
            got.data.map((a) => a.audit_id),
            `${by} ${dir} ${start}`,
          ).toEqual(await expected('true', [], by, dir, start, 20))
        }
      }
    }
  })

  it('equal OFFSET paging within one organization', async () => {
    const token = await server().login(AUDITOR)
    const org = await acme()
    const [count] = await server().running.handle.services.db.query<{ n: number }>(
      'select count(*)::int as n from device_audits where organization_id = $1',
      [org],
    )
    for (const by of auditSortKeys) {
      for (const dir of ['asc', 'desc'] as const) {
        for (const start of [0, 700, 1500, (count?.n ?? 0) - 10]) {
          const got = await page(
            token,
            `start=${start}&length=15&order_by=${by}&order_direction=${dir}`,
          )
          expect(got.recordsFiltered).toBe(count?.n)
          expect(
            got.data.map((a) => a.audit_id),
            `${by} ${dir} ${start}`,
          ).toEqual(await expected('organization_id = $1', [org], by, dir, start, 15))
        }
      }
    }
  })
})

describe('audit search', () => {
  const matches = `(lower(device_name) like $1 or lower(command) like $1 or lower(result) like $1
    or lower(actor_email) like $1)`

  it('counts exactly and pages at any start when the term matches one column', async () => {
    const token = await server().login(ADMIN)
    for (const [term, by] of [
      ['failure', 'audit_id'],
      ['unlock', 'created_at'],
      ['unlock', 'command'],
      ['FAIL', 'result'],
    ] as const) {
      const [count] = await server().running.handle.services.db.query<{ n: number }>(
        `select count(*)::int as n from device_audits where ${matches}`,
        [`%${term.toLowerCase()}%`],
      )
      const total = count?.n ?? 0
      expect(total).toBeGreaterThan(30)
      for (const dir of ['asc', 'desc'] as const) {
        for (const start of [0, 7, Math.floor(total / 2), total - 5]) {
          const got = await page(
            token,
            `search=${term}&start=${start}&length=15&order_by=${by}&order_direction=${dir}`,
          )
          expect(got.recordsFiltered, term).toBe(total)
          expect(got.recordsFilteredCapped).toBeUndefined()
          expect(
            got.data.map((a) => a.audit_id),
            `${term} ${by} ${dir} ${start}`,
          ).toEqual(await expected(matches, [`%${term.toLowerCase()}%`], by, dir, start, 15))
        }
      }
    }
  })

  it('says "more than N" when it stops counting, and pages the newest N', async () => {
    const token = await server().login(ADMIN)
    // "e" is in device names, commands, results and e-mails: counted only up to the cap.
    const first = await page(token, 'search=e&order_by=device_name&length=15')
    expect(first.recordsFilteredCapped).toBe(true)
    expect(first.recordsFiltered).toBe(AUDIT_COUNT_CAP)
    const newest = `audit_id in (select audit_id from device_audits where ${matches}
      order by audit_id desc limit ${AUDIT_COUNT_CAP})`
    for (const start of [0, 500]) {
      const got = await page(token, `search=e&order_by=device_name&start=${start}`)
      expect(got.data.map((a) => a.audit_id)).toEqual(
        await expected(newest, ['%e%'], 'device_name', 'desc', start, 15),
      )
    }
    const last = await page(token, `search=e&order_by=device_name&start=${AUDIT_COUNT_CAP - 5}`)
    expect(last.data).toHaveLength(5)
    const past = await page(token, `search=e&order_by=device_name&start=${AUDIT_COUNT_CAP}`)
    expect(past.data).toHaveLength(0)
  })

  it('finds nothing, exactly, for a term no value holds', async () => {
    const token = await server().login(ADMIN)
    const none = await page(token, 'search=zzz-nothing')
    expect(none).toMatchObject({ data: [], recordsTotal: ROWS, recordsFiltered: 0 })
  })
})

describe('audit counts follow new rows', () => {
  it('a command logged now is on the right page of every sort', async () => {
    const token = await server().login(ADMIN)
    const list = await server().request('GET', '/sbm/v1/devices?length=500', { token })
    const device = shaped(list.body, listOf(Device)).data.find(
      (d) => d.current_status.connected && d.capabilities.includes('remotely_unlock'),
    )
    if (!device) throw new Error('no connected lock')
    for (let i = 0; i < 3; i++) {
      const reply = await server().request(
        'POST',
        `/access/v1/devices/${device.device_id}/control/unlock`,
        { token, json: {} },
      )
      expect(reply.status).toBe(200)
    }
    for (const by of auditSortKeys) {
      for (const dir of ['asc', 'desc'] as const) {
        const got = await page(token, `start=40&length=30&order_by=${by}&order_direction=${dir}`)
        expect(got.recordsFiltered).toBe(ROWS + 3)
        expect(
          got.data.map((a) => a.audit_id),
          `${by} ${dir}`,
        ).toEqual(await expected('true', [], by, dir, 40, 30))
      }
    }
    const newest = await page(token, 'order_by=created_at&length=1')
    expect(newest.data[0]?.audit_id).toBe(ROWS + 3)
  })
})
