import { describe, expect, it, vi } from 'vitest'
import type { ListQuery } from '../contract/list'
import type { AuditSort } from './audits'

const sent: Record<string, unknown>[] = []
let total = 120
// What the boot's early request brought for the first window, if it has arrived.
let inHand:
  { data: never[]; recordsTotal: number; recordsFiltered: number; upto: number } | undefined

vi.mock('./client', () => ({
  apiRequest: (_schema: unknown, options: { query: Record<string, unknown> }) => {
    sent.push(options.query)
    const upto = typeof options.query.upto === 'number' ? options.query.upto : total
    return Promise.resolve({ data: [], recordsTotal: upto, recordsFiltered: upto, upto })
  },
  peekRequest: () => inHand,
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
    const list = boundedAuditList()
    list.subscribe((upto) => bounds.push(upto))
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
    const list = boundedAuditList()
    list.subscribe((upto) => bounds.push(upto))
    await list.source.fetch(query(0), signal)
    list.advance(130)
    await list.source.fetch(query(0), signal)
    expect(sent.at(-1)).toMatchObject({ upto: 130 })
    expect(list.upto()).toBe(130)
    expect(bounds).toEqual([125, 130])
  })

  it('takes its bound from a first window already in hand, telling its listeners after the render', async () => {
    const bounds: number[] = []
    const list = boundedAuditList()
    list.subscribe((upto) => bounds.push(upto))
    expect(list.source.peek?.(query(0))).toBeUndefined()
    inHand = { data: [], recordsTotal: 140, recordsFiltered: 140, upto: 140 }
    expect(list.source.peek?.(query(0))).toBe(inHand)
    expect(list.upto()).toBe(140)
    expect(bounds).toEqual([])
    await Promise.resolve()
    expect(bounds).toEqual([140])
    // Peeked again (a rebuilt cache entry): the same answer, no second report.
    expect(list.source.peek?.(query(0))).toBe(inHand)
    await list.source.fetch(query(100), signal)
    expect(sent.at(-1)).toMatchObject({ start: 100, upto: 140 })
    // After the bound moved, the boot's answer is no longer the log as the screen reads it.
    list.advance(150)
    expect(list.source.peek?.(query(0))).toBeUndefined()
    inHand = undefined
  })

  it('tells a listener the bound it subscribes at, then stops when it unsubscribes', () => {
    const bounds: number[] = []
    const list = boundedAuditList()
    list.advance(10)
    const stop = list.subscribe((upto) => bounds.push(upto))
    list.advance(20)
    stop()
    list.advance(30)
    expect(bounds).toEqual([10, 20])
    expect(list.upto()).toBe(30)
  })

  it("reads one door's devices' entries under their own key, never the boot's whole-log window", async () => {
    const list = boundedAuditList(7)
    expect(list.doorId).toBe(7)
    inHand = { data: [], recordsTotal: 160, recordsFiltered: 160, upto: 160 }
    expect(list.source.peek?.(query(0))).toBeUndefined()
    inHand = undefined
    expect(list.source.queryKey(query(0))).toContainEqual(expect.objectContaining({ door_id: 7 }))
    await list.source.fetch(query(0), signal)
    expect(sent.at(-1)).toMatchObject({ door_id: 7 })
    expect(sent.at(-1)).not.toHaveProperty('upto')
    await list.source.fetch(query(100), signal)
    expect(sent.at(-1)).toMatchObject({ start: 100, door_id: 7, upto: list.upto() })
  })
})
