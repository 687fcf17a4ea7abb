import { describe, expect, it, vi } from 'vitest'
import type { ListQuery } from '../contract/list'
import type { AuditSort } from './audits'

const sent: Record<string, unknown>[] = []
let total = 120

vi.mock('./client', () => ({
  apiRequest: (_schema: unknown, options: { query: Record<string, unknown> }) => {
    sent.push(options.query)
    const upto = typeof options.query.upto === 'number' ? options.query.upto : total
    return Promise.resolve({ data: [], recordsTotal: upto, recordsFiltered: upto, upto })
  },
}))

const { boundedAuditList } = await import('./audits')

const query = (start: number): ListQuery<AuditSort> => ({
  start,
  length: 100,
  order_by: 'audit_id',
  order_direction: 'desc',
  search: '',
})
const signal = new AbortController().signal

describe('the audit log read at a bound', () => {
  it('reads the first window as it is, then every later window at that answer’s bound', async () => {
    const bounds: number[] = []
    const list = boundedAuditList((upto) => bounds.push(upto))
    expect(list.upto()).toBeNull()
    await list.source.fetch(query(0), signal)
    expect(sent.at(-1)).not.toHaveProperty('upto')
    expect(bounds).toEqual([120])
    total = 125
    const later = await list.source.fetch(query(100), signal)
    expect(sent.at(-1)).toMatchObject({ start: 100, upto: 120 })
    expect(later.recordsTotal).toBe(120)
    expect(bounds).toEqual([120])
  })

  it('moves the bound only when told, and reports it', async () => {
    const bounds: number[] = []
    const list = boundedAuditList((upto) => bounds.push(upto))
    await list.source.fetch(query(0), signal)
    list.advance(130)
    await list.source.fetch(query(0), signal)
    expect(sent.at(-1)).toMatchObject({ upto: 130 })
    expect(list.upto()).toBe(130)
    expect(bounds).toEqual([125, 130])
  })
})
