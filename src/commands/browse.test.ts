import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  afterRecents,
  appendWindow,
  BROWSE_MAX,
  createBrowse,
  idleBrowse,
  type BrowseState,
} from './browse'
import type { EntityHit, EntitySource } from './entity-source'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

interface Call {
  start: number | undefined
  length: number | undefined
  signal: AbortSignal
  resolve: (rows: readonly string[]) => void
  reject: (error: Error) => void
}

/** A kind whose answers the test gives by hand, so it decides which arrives when. */
function source(kind: 'devices' | 'users' = 'devices') {
  const calls: Call[] = []
  const value: EntitySource<string> = {
    kind,
    heading: () => kind,
    needs: {},
    search: (_text, signal, length, start) =>
      new Promise((resolve, reject) => calls.push({ start, length, signal, resolve, reject })),
    view: (name) => ({ id: name, title: name }),
    actions: [],
  }
  return { calls, value: value as EntitySource<unknown> }
}

const hits = (names: readonly string[]): EntityHit[] => {
  const { value } = source()
  return names.map((name) => ({ source: value, entity: name, view: { id: name, title: name } }))
}
const names = (state: BrowseState | undefined) => state?.hits.map((hit) => hit.view.title)
const rows = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => `row ${from + i}`)

describe('appendWindow', () => {
  it('appends a window and starts the next one after it', () => {
    const first = appendWindow(idleBrowse, hits(['a', 'b', 'c']), 3)
    expect(names(first)).toEqual(['a', 'b', 'c'])
    expect(first).toMatchObject({ status: 'done', next: 3, end: false })
    const second = appendWindow(first, hits(['d', 'e']), 3)
    expect(names(second)).toEqual(['a', 'b', 'c', 'd', 'e'])
    // A short window is the list's last.
    expect(second).toMatchObject({ next: 5, end: true })
  })

  it('lists a row once when a write moved it into the next window', () => {
    const first = appendWindow(idleBrowse, hits(['a', 'b', 'c']), 3)
    const second = appendWindow(first, hits(['c', 'd', 'e']), 3)
    expect(names(second)).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(second).toMatchObject({ next: 6, end: false })
    // A window with nothing new ends the list rather than asking again forever.
    expect(appendWindow(second, hits(['d', 'e', 'a']), 3).end).toBe(true)
  })

  it('ends at BROWSE_MAX rows', () => {
    let state: BrowseState = idleBrowse
    while (!state.end) state = appendWindow(state, hits(rows(state.next, 50)), 50)
    expect(state.hits).toHaveLength(BROWSE_MAX)
  })
})

describe('afterRecents', () => {
  it('leaves out of the list the ones listed above it as opened last', () => {
    expect(afterRecents(hits(['c', 'x']), hits(['a', 'b', 'c'])).map((hit) => hit.view.id)).toEqual(
      ['a', 'b'],
    )
  })
})

describe('createBrowse', () => {
  it('asks for the first window once typing pauses, then one window at a time', async () => {
    const states: BrowseState[] = []
    const devices = source()
    const browse = createBrowse((state) => states.push(state), 3, 50)
    browse.start(devices.value)
    expect(states.at(-1)?.status).toBe('loading')
    await vi.advanceTimersByTimeAsync(50)
    expect(devices.calls.map((call) => [call.start, call.length])).toEqual([[0, 3]])
    devices.calls[0]?.resolve(['a', 'b', 'c'])
    await vi.runAllTimersAsync()
    expect(names(states.at(-1))).toEqual(['a', 'b', 'c'])

    browse.more()
    browse.more()
    // One request in flight at most: the second `more` waits for the first.
    expect(devices.calls.map((call) => call.start)).toEqual([0, 3])
    devices.calls[1]?.resolve(['d'])
    await vi.runAllTimersAsync()
    expect(names(states.at(-1))).toEqual(['a', 'b', 'c', 'd'])
    expect(states.at(-1)?.end).toBe(true)
    browse.more()
    expect(devices.calls).toHaveLength(2)
  })

  it('drops the answer of a kind it no longer browses', async () => {
    const states: BrowseState[] = []
    const devices = source('devices')
    const users = source('users')
    const browse = createBrowse((state) => states.push(state), 3, 50)
    browse.start(devices.value)
    await vi.advanceTimersByTimeAsync(50)
    browse.start(users.value)
    await vi.advanceTimersByTimeAsync(50)
    expect(devices.calls[0]?.signal.aborted).toBe(true)
    users.calls[0]?.resolve(['ulla'])
    devices.calls[0]?.resolve(['door'])
    await vi.runAllTimersAsync()
    expect(names(states.at(-1))).toEqual(['ulla'])
    browse.start(null)
    expect(states.at(-1)).toEqual(idleBrowse)
  })

  it('says a failed window failed, keeps what it listed and asks no further', async () => {
    const states: BrowseState[] = []
    const devices = source()
    const browse = createBrowse((state) => states.push(state), 2, 0)
    browse.start(devices.value)
    await vi.runAllTimersAsync()
    devices.calls[0]?.resolve(['a', 'b'])
    await vi.runAllTimersAsync()
    browse.more()
    devices.calls[1]?.reject(new Error('offline'))
    await vi.runAllTimersAsync()
    expect(states.at(-1)).toMatchObject({ status: 'failed', next: 2 })
    expect(names(states.at(-1))).toEqual(['a', 'b'])
    browse.more()
    expect(devices.calls).toHaveLength(2)
  })
})
