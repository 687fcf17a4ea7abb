import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createPickerSearch,
  type PickerSearchState,
  type PickerSource,
  type PickerWindow,
} from './picker-search'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

function source(answer: (text: string) => Promise<PickerWindow>) {
  const calls: Array<{ text: string; signal: AbortSignal }> = []
  const value: PickerSource = {
    key: ['test'],
    search: (text, signal) => {
      calls.push({ text, signal })
      return answer(text)
    },
    lookup: () => Promise.resolve(null),
  }
  return { calls, value }
}

const one = (text: string): PickerWindow => ({
  options: [{ value: text, label: `${text} label` }],
  total: 1,
})

describe('picker search', () => {
  it('waits for typing to pause, then searches once with the last text', async () => {
    const states: PickerSearchState[] = []
    const users = source((text) => Promise.resolve(one(text)))
    const search = createPickerSearch((state) => states.push(state), 100)
    search.update(users.value, 'm')
    search.update(users.value, 'mi')
    search.update(users.value, 'mia')
    expect(states.at(-1)?.status).toBe('loading')
    await vi.advanceTimersByTimeAsync(99)
    expect(users.calls).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(users.calls.map((c) => c.text)).toEqual(['mia'])
    expect(states.at(-1)).toEqual({
      status: 'done',
      text: 'mia',
      options: [{ value: 'mia', label: 'mia label' }],
      total: 1,
    })
  })

  it('searches at once when the popup opens', async () => {
    const states: PickerSearchState[] = []
    const users = source((text) => Promise.resolve(one(text)))
    const search = createPickerSearch((state) => states.push(state), 100)
    search.update(users.value, '', true)
    expect(users.calls.map((c) => c.text)).toEqual([''])
    await vi.advanceTimersByTimeAsync(0)
    expect(states.at(-1)?.status).toBe('done')
  })

  it('lets the latest answer win: a slow earlier one is aborted and never shown', async () => {
    const states: PickerSearchState[] = []
    let releaseFirst: (window: PickerWindow) => void = () => undefined
    const users = source((text) =>
      text === 'a'
        ? new Promise((resolve) => {
            releaseFirst = resolve
          })
        : Promise.resolve(one(text)),
    )
    const search = createPickerSearch((state) => states.push(state), 100)
    search.update(users.value, 'a', true)
    search.update(users.value, 'ab', true)
    await vi.advanceTimersByTimeAsync(0)
    expect(users.calls[0]?.signal.aborted).toBe(true)
    releaseFirst(one('a'))
    await vi.advanceTimersByTimeAsync(0)
    expect(states.at(-1)?.text).toBe('ab')
    expect(states.some((s) => s.status === 'done' && s.text === 'a')).toBe(false)
  })

  it('keeps the last options while the next text loads, and reports a failure without them', async () => {
    const states: PickerSearchState[] = []
    const users = source((text) =>
      text === 'x' ? Promise.reject(new Error('down')) : Promise.resolve(one(text)),
    )
    const search = createPickerSearch((state) => states.push(state), 100)
    search.update(users.value, 'mia', true)
    await vi.advanceTimersByTimeAsync(0)
    search.update(users.value, 'x')
    expect(states.at(-1)).toMatchObject({ status: 'loading', options: [{ value: 'mia' }] })
    await vi.advanceTimersByTimeAsync(100)
    expect(states.at(-1)).toEqual({ status: 'failed', text: 'x', options: [], total: 0 })
  })

  it('stops a waiting search when disposed', async () => {
    const users = source((text) => Promise.resolve(one(text)))
    const search = createPickerSearch(() => undefined, 100)
    search.update(users.value, 'mia')
    search.dispose()
    await vi.advanceTimersByTimeAsync(200)
    expect(users.calls).toEqual([])
  })
})
