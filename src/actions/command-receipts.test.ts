// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import type { ErrorBody } from '../contract/errors'
import {
  addReceipt,
  forgetReceipts,
  settleReceipt,
  setReceiptsOpen,
  useReceipts,
} from './command-receipts'

const notConnected: ErrorBody = {
  error: 'device_not_connected',
  message: 'Device is not connected.',
  audit_id: 99,
}

afterEach(() => forgetReceipts())

/** Receipts reach the panel by the next frame (16 ms without one). */
const nextFrame = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)))

describe('command receipts', () => {
  it('lists each sent command newest first, pending until its outcome is recorded', async () => {
    const { result } = renderHook(() => useReceipts((s) => s.receipts))
    act(() => {
      addReceipt({ key: 'a', deviceId: 1, deviceName: 'Front door', command: 'lock' })
      addReceipt({ key: 'b', deviceId: 2, deviceName: 'Back door', command: 'unlock' })
    })
    await nextFrame()
    expect(result.current.map((r) => [r.key, r.status])).toEqual([
      ['b', 'pending'],
      ['a', 'pending'],
    ])
    act(() => {
      settleReceipt('a', { status: 'done', auditId: 41 })
      settleReceipt('b', { status: 'failed', auditId: 42, refusal: notConnected })
    })
    await nextFrame()
    expect(result.current.find((r) => r.key === 'a')).toMatchObject({ status: 'done', auditId: 41 })
    expect(result.current.find((r) => r.key === 'b')).toMatchObject({
      status: 'failed',
      refusal: notConnected,
    })
  })

  it('forgets everything, and closes the panel, when the session ends', () => {
    const { result } = renderHook(() => useReceipts((s) => s))
    act(() => {
      addReceipt({ key: 'a', deviceId: 1, deviceName: 'Front door', command: 'lock' })
      setReceiptsOpen(true)
    })
    expect(result.current.open).toBe(true)
    act(() => forgetReceipts())
    expect(result.current).toEqual({ receipts: [], open: false })
  })
})
