import { describe, expect, it } from 'vitest'
import type { ErrorBody } from '../contract/errors'
import type { Device } from '../contract/devices'
import {
  collectDevices,
  planBulk,
  runBulk,
  withSteps,
  type BulkPorts,
  type BulkRow,
  type BulkUpdate,
} from './bulk-command'

const notConnected: ErrorBody = {
  error: 'device_not_connected',
  message: 'Device is not connected.',
  audit_id: 99,
}

function device(id: number, connected = true, capabilities = ['remotely_lock', 'remotely_unlock']) {
  return {
    device_id: id,
    name: `Device ${id}`,
    capabilities,
    current_status: { connected, battery_level: 80, lock_state: 'unlocked' },
  } as Device
}

function ports(answer: (id: number) => Promise<{ auditId: number }>) {
  const updates: [number, BulkUpdate['status']][] = []
  let inFlight = 0
  let maxInFlight = 0
  let key = 0
  const bulk: BulkPorts = {
    send: async (target) => {
      inFlight += 1
      maxInFlight = Math.max(maxInFlight, inFlight)
      try {
        return await answer(target.device_id)
      } finally {
        inFlight -= 1
      }
    },
    classify: () => ({ failure: 'offline', auditId: 99, refusal: notConnected }),
    mintKey: () => `key-${(key += 1)}`,
    onUpdate: (target, update) => updates.push([target.device_id, update.status]),
  }
  return { bulk, updates, maxInFlight: () => maxInFlight }
}

const later = <T>(value: T, ms = 1) =>
  new Promise<T>((resolve) => setTimeout(() => resolve(value), ms))

describe('bulk command', () => {
  it('plans: the connected and capable receive it, the rest are skipped with their reason', () => {
    const plan = planBulk(
      [device(1), device(2, false), device(3, true, ['remotely_unlock']), device(4)],
      'lock',
    )
    expect(plan.targets.map((d) => d.device_id)).toEqual([1, 4])
    expect(plan.skipped.map((s) => [s.device.device_id, s.reason])).toEqual([
      [2, 'offline'],
      [3, 'capability'],
    ])
  })

  it('collects a place page by page until the count is reached', async () => {
    const all = Array.from({ length: 1234 }, (_, i) => device(i + 1))
    const starts: number[] = []
    const found = await collectDevices((start, length) => {
      starts.push(start)
      return later({
        data: all.slice(start, start + length),
        recordsTotal: 1234,
        recordsFiltered: 1234,
      })
    })
    expect(found).toHaveLength(1234)
    expect(starts).toEqual([0, 500, 1000])
  })

  it('sends to every target at most `concurrency` at a time; one failure stops no other', async () => {
    const targets = Array.from({ length: 20 }, (_, i) => device(i + 1))
    const fake = ports((id) =>
      id === 5 ? Promise.reject(new Error('409')) : later({ auditId: 1000 + id }),
    )
    const tally = await runBulk(targets, 'lock', fake.bulk, { concurrency: 3 })
    expect(tally).toEqual({ succeeded: 19, failed: 1 })
    expect(fake.maxInFlight()).toBe(3)
    const final = new Map(fake.updates.map(([id, status]) => [id, status]))
    expect(final.get(5)).toBe('failed')
    expect([...final.values()].filter((s) => s === 'done')).toHaveLength(19)
    expect(fake.updates.filter(([, s]) => s === 'pending')).toHaveLength(20)
  })

  it('marks a slow device as waiting, never resends, and settles it when it answers', async () => {
    let sends = 0
    const fake = ports(() => {
      sends += 1
      return later({ auditId: 7 }, 30)
    })
    const tally = await runBulk([device(1)], 'unlock', fake.bulk, { timeoutMs: 5 })
    expect(tally).toEqual({ succeeded: 1, failed: 0 })
    expect(sends).toBe(1)
    expect(fake.updates.map(([, s]) => s)).toEqual(['pending', 'waiting', 'done'])
  })
})

describe('withSteps', () => {
  it('replaces only the named devices’ rows; every other row keeps its identity', () => {
    const rows: BulkRow[] = [1, 2, 3].map((id) => ({
      device: device(id),
      status: 'queued',
      refusal: null,
    }))
    const next = withSteps(rows, new Map([[2, { status: 'failed', refusal: notConnected }]]))
    expect(next[1]).toEqual({
      device: rows[1]?.device,
      status: 'failed',
      refusal: notConnected,
    })
    expect(next[0]).toBe(rows[0])
    expect(next[2]).toBe(rows[2])
    expect(rows[1]?.status).toBe('queued')
  })
})
