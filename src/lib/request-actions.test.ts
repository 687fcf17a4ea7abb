import { describe, expect, it, vi } from 'vitest'
import { createRequestSlot } from './request-actions'

/** A request the test answers by hand, remembering the signal it was given. */
function manualRequest<T>() {
  const control: {
    signal: AbortSignal | null
    resolve: (value: T) => void
    reject: (error: unknown) => void
  } = { signal: null, resolve: () => {}, reject: () => {} }
  const request = (signal: AbortSignal) => {
    control.signal = signal
    return new Promise<T>((resolve, reject) => {
      control.resolve = resolve
      control.reject = reject
    })
  }
  return { control, request }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('createRequestSlot', () => {
  it('hands a successful answer to ok', async () => {
    const slot = createRequestSlot()
    const { control, request } = manualRequest<string>()
    const ok = vi.fn()
    const fail = vi.fn()
    slot.start(request, { ok, fail })
    control.resolve('answer')
    await settle()
    expect(ok).toHaveBeenCalledWith('answer')
    expect(fail).not.toHaveBeenCalled()
  })

  it('hands a failure to fail', async () => {
    const slot = createRequestSlot()
    const { control, request } = manualRequest<string>()
    const fail = vi.fn()
    slot.start(request, { ok: vi.fn(), fail })
    const error = new Error('down')
    control.reject(error)
    await settle()
    expect(fail).toHaveBeenCalledWith(error)
  })

  it('aborts the running request when another starts, and drops its late answer', async () => {
    const slot = createRequestSlot()
    const first = manualRequest<string>()
    const second = manualRequest<string>()
    const answers: string[] = []
    slot.start(first.request, { ok: (value) => answers.push(value), fail: vi.fn() })
    slot.start(second.request, { ok: (value) => answers.push(value), fail: vi.fn() })
    expect(first.control.signal?.aborted).toBe(true)
    expect(second.control.signal?.aborted).toBe(false)
    first.control.resolve('stale')
    second.control.resolve('fresh')
    await settle()
    expect(answers).toEqual(['fresh'])
  })

  it('on cancel aborts the request and reports neither its answer nor its abort error', async () => {
    const slot = createRequestSlot()
    const { control, request } = manualRequest<string>()
    const ok = vi.fn()
    const fail = vi.fn()
    slot.start(request, { ok, fail })
    slot.cancel()
    expect(control.signal?.aborted).toBe(true)
    control.reject(new DOMException('aborted', 'AbortError'))
    await settle()
    expect(ok).not.toHaveBeenCalled()
    expect(fail).not.toHaveBeenCalled()
  })

  it('does not abort a request that already answered when the next one starts', async () => {
    const slot = createRequestSlot()
    const first = manualRequest<string>()
    slot.start(first.request, { ok: vi.fn(), fail: vi.fn() })
    first.control.resolve('done')
    await settle()
    slot.cancel()
    expect(first.control.signal?.aborted).toBe(false)
  })
})
