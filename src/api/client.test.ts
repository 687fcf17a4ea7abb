import fc from 'fast-check'
import { object, string } from 'superstruct'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiRequest, ApiError, peekRequest } from './client'
import { startEarlyGet } from './early-get'
import { ROTATION_WAIT_MS, rotatedMarkName } from './refresh'
import { onSessionSignal, signOutLocally, type SessionSignal } from './session-signals'
import { getAccessToken, getRefreshToken, saveTokens } from './tokens'

const Thing = object({ name: string() })

type FetchArgs = [input: string, init: RequestInit]

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  })
}

function bearer(init: RequestInit) {
  return new Headers(init.headers).get('Authorization')?.replace('Bearer ', '') ?? null
}

/** A server that accepts one access token; refresh rotates the pair, a replayed token fails. */
function fakeServer(options: { refreshFails?: boolean; rejectRetries?: boolean } = {}) {
  const state = { access: 'A1', refresh: 'R1', refreshCalls: 0, dataCalls: 0 }
  const handle = ([url, init]: FetchArgs): Response => {
    if (url.endsWith('/auth/v1/token/refresh')) {
      state.refreshCalls += 1
      const { refresh_token } = JSON.parse(init.body as string) as { refresh_token: string }
      if (options.refreshFails || refresh_token !== state.refresh)
        return json(401, { error: 'invalid_token', message: 'Refresh token is not valid' })
      state.access = `A${state.refreshCalls + 1}`
      state.refresh = `R${state.refreshCalls + 1}`
      const pair = { access_token: state.access, refresh_token: state.refresh }
      return json(200, { ...pair, token_type: 'bearer', expires_in: 900 })
    }
    state.dataCalls += 1
    if (options.rejectRetries || bearer(init) !== state.access)
      return json(401, { error: 'unauthenticated', message: 'Token expired' })
    return json(200, { name: url })
  }
  return { state, handle }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Releases scheduled answers until every request settled (answers trigger further requests). */
async function drain(s: fc.Scheduler, work: Promise<unknown>) {
  let settled = false
  void work.finally(() => (settled = true))
  while (!settled) {
    await s.waitAll()
    await pause(0)
  }
}

function memoryStorage(): Storage {
  const items = new Map<string, string>()
  return {
    get length() {
      return items.size
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  }
}

let signals: SessionSignal['type'][] = []
let unsubscribe = () => {}

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage())
  signOutLocally()
  saveTokens({ access_token: 'EXPIRED', refresh_token: 'R1' })
  signals = []
  unsubscribe = onSessionSignal((signal) => signals.push(signal.type))
})

afterEach(() => {
  unsubscribe()
  vi.unstubAllGlobals()
})

describe('apiRequest: refresh under concurrency', () => {
  it('runs exactly one refresh for any number of parallel 401s, in any order of answers', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.integer({ min: 1, max: 12 }), async (s, count) => {
        signOutLocally()
        saveTokens({ access_token: 'EXPIRED', refresh_token: 'R1' })
        const server = fakeServer()
        vi.stubGlobal('fetch', (...args: FetchArgs) =>
          s.schedule(Promise.resolve(args), `fetch ${args[0]}`).then(server.handle),
        )
        const requests = Array.from({ length: count }, (_, index) =>
          apiRequest(Thing, { path: `/org/v1/things/${index}` }),
        )
        await drain(s, Promise.all(requests))
        const results = await Promise.all(requests)
        expect(results.map((result) => result.name)).toEqual(
          requests.map((_, index) => `/org/v1/things/${index}`),
        )
        expect(server.state.refreshCalls).toBe(1)
        // Each request: one failed attempt and at most one retry.
        expect(server.state.dataCalls).toBeLessThanOrEqual(2 * count)
        expect(getAccessToken()).toBe('A2')
        expect(getRefreshToken()).toBe('R2')
      }),
      { numRuns: 150 },
    )
    expect(signals).not.toContain('session.ended')
  })

  it('signs out once and clears both tokens when the refresh is refused', async () => {
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), fc.integer({ min: 1, max: 8 }), async (s, count) => {
        signOutLocally()
        saveTokens({ access_token: 'EXPIRED', refresh_token: 'R1' })
        signals = []
        const server = fakeServer({ refreshFails: true })
        vi.stubGlobal('fetch', (...args: FetchArgs) =>
          s.schedule(Promise.resolve(args)).then(server.handle),
        )
        const requests = Array.from({ length: count }, (_, index) =>
          apiRequest(Thing, { path: `/org/v1/things/${index}` }).then(
            () => 'resolved',
            (error: unknown) => error,
          ),
        )
        await drain(s, Promise.all(requests))
        for (const outcome of await Promise.all(requests)) {
          expect(outcome).toBeInstanceOf(ApiError)
          expect((outcome as ApiError).status).toBe(401)
        }
        expect(server.state.refreshCalls).toBe(1)
        expect(getAccessToken()).toBeNull()
        expect(getRefreshToken()).toBeNull()
        expect(signals.filter((type) => type === 'session.ended')).toHaveLength(1)
      }),
      { numRuns: 100 },
    )
  })

  it('keeps a logout during the refresh a logout, whatever request is in flight', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.scheduler(),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 5 }),
        async (s, count, logoutAtCall) => {
          signOutLocally()
          saveTokens({ access_token: 'EXPIRED', refresh_token: 'R1' })
          signals = []
          const server = fakeServer()
          let calls = 0
          vi.stubGlobal('fetch', (...args: FetchArgs) => {
            // The user logs out while this call (data request, refresh or retry) is in flight.
            if (calls++ === logoutAtCall) signOutLocally()
            return s.schedule(Promise.resolve(args)).then(server.handle)
          })
          const requests = Array.from({ length: count }, (_, index) =>
            apiRequest(Thing, { path: `/org/v1/things/${index}` }).then(
              () => 'resolved',
              (error: unknown) => error,
            ),
          )
          await drain(s, Promise.all(requests))
          if (logoutAtCall < calls) {
            expect(getAccessToken()).toBeNull()
            expect(getRefreshToken()).toBeNull()
          }
          expect(signals).not.toContain('session.ended')
        },
      ),
      { numRuns: 200 },
    )
  })

  it('signs out when the retried request is refused again', async () => {
    const server = fakeServer({ rejectRetries: true })
    vi.stubGlobal('fetch', (...args: FetchArgs) => Promise.resolve(server.handle(args)))
    const error = await apiRequest(Thing, { path: '/org/v1/things/1' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ kind: 'HTTP', status: 401 })
    expect(server.state.refreshCalls).toBe(1)
    expect(server.state.dataCalls).toBe(2)
    expect(getAccessToken()).toBeNull()
    expect(getRefreshToken()).toBeNull()
    expect(signals.at(-1)).toBe('session.ended')
  })

  it('signs out without calling the server when there is no refresh token', async () => {
    localStorage.removeItem('refresh_token')
    const server = fakeServer()
    vi.stubGlobal('fetch', (...args: FetchArgs) => Promise.resolve(server.handle(args)))
    const error = await apiRequest(Thing, { path: '/org/v1/things/1' }).catch((e: unknown) => e)
    expect(error).toMatchObject({ kind: 'HTTP', status: 401 })
    expect(server.state.refreshCalls).toBe(0)
    expect(signals).toContain('session.ended')
  })
})

describe('apiRequest: error kinds', () => {
  it('sends the bearer token and validates the body', async () => {
    saveTokens({ access_token: 'A1', refresh_token: 'R1' })
    const fetchMock = vi.fn((..._args: FetchArgs) => Promise.resolve(json(200, { name: 'ok' })))
    vi.stubGlobal('fetch', fetchMock)
    await expect(apiRequest(Thing, { path: '/x', query: { a: 1, b: null } })).resolves.toEqual({
      name: 'ok',
    })
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/x?a=1')
    expect(bearer(init ?? {})).toBe('A1')
  })

  it('reports HTTP errors with status, data and Retry-After', async () => {
    const body = { error: 'throttled', message: 'Slow down' }
    vi.stubGlobal('fetch', () => Promise.resolve(json(429, body, { 'Retry-After': '17' })))
    const error = (await apiRequest(Thing, { path: '/x', auth: false }).catch(
      (e: unknown) => e,
    )) as ApiError
    expect(error).toMatchObject({ kind: 'HTTP', status: 429, data: body, retryAfter: 17 })
    expect(error.body).toEqual(body)
  })

  it('reports PARSING_ERROR for non-JSON and for a body that breaks the contract', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('<html>', { status: 200 })))
    await expect(apiRequest(Thing, { path: '/x' })).rejects.toMatchObject({ kind: 'PARSING_ERROR' })
    vi.stubGlobal('fetch', () => Promise.resolve(json(200, { name: 42 })))
    await expect(apiRequest(Thing, { path: '/x' })).rejects.toMatchObject({ kind: 'PARSING_ERROR' })
  })

  it('reports FETCH_ERROR when the network fails', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')))
    await expect(apiRequest(Thing, { path: '/x' })).rejects.toMatchObject({ kind: 'FETCH_ERROR' })
  })

  it('reports TIMEOUT_ERROR after the configured time', async () => {
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error))
        }),
    )
    await expect(apiRequest(Thing, { path: '/x', timeoutMs: 20 })).rejects.toMatchObject({
      kind: 'TIMEOUT_ERROR',
    })
  })

  it("passes a caller's abort through as an AbortError, not as a failure kind", async () => {
    vi.stubGlobal(
      'fetch',
      (_url: string, init: RequestInit) =>
        new Promise((_, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error))
        }),
    )
    const controller = new AbortController()
    const pending = apiRequest(Thing, { path: '/x', signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
  })
})

describe('apiRequest: extra headers', () => {
  it('sends a caller’s Idempotency-Key beside, not instead of, its own headers', async () => {
    saveTokens({ access_token: 'A1', refresh_token: 'R1' })
    const calls: FetchArgs[] = []
    vi.stubGlobal('fetch', (...args: FetchArgs) => {
      calls.push(args)
      return Promise.resolve(json(200, { name: 'pin' }))
    })
    await apiRequest(Thing, {
      method: 'POST',
      path: '/things',
      json: {},
      headers: { 'Idempotency-Key': 'k-1', Authorization: 'Bearer forged', Accept: 'text/html' },
    })
    const headers = new Headers(calls[0]?.[1].headers)
    expect(headers.get('Idempotency-Key')).toBe('k-1')
    expect(headers.get('Authorization')).toBe('Bearer A1')
    expect(headers.get('Accept')).toBe('application/json')
  })
})

describe('peekRequest: a boot answer already in hand', () => {
  const arrived = () => new Promise((resolve) => setTimeout(resolve, 0))

  it('gives the early answer checked against the contract, the same value each time', async () => {
    saveTokens({ access_token: 'A1', refresh_token: 'R1' })
    const fetchMock = vi.fn((..._args: FetchArgs) => Promise.resolve(json(200, { name: 'early' })))
    vi.stubGlobal('fetch', fetchMock)
    expect(peekRequest(Thing, { path: '/peek', query: { a: 1 } })).toBeUndefined()
    startEarlyGet('/peek?a=1')
    await arrived()
    const value = peekRequest(Thing, { path: '/peek', query: { a: 1 } })
    expect(value).toEqual({ name: 'early' })
    expect(peekRequest(Thing, { path: '/peek', query: { a: 1 } })).toBe(value)
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('gives nothing for an answer that breaks the contract: the request reports it', async () => {
    saveTokens({ access_token: 'A1', refresh_token: 'R1' })
    vi.stubGlobal('fetch', () => Promise.resolve(json(200, { name: 42 })))
    startEarlyGet('/broken')
    await arrived()
    expect(peekRequest(Thing, { path: '/broken' })).toBeUndefined()
    await expect(apiRequest(Thing, { path: '/broken' })).rejects.toMatchObject({
      kind: 'PARSING_ERROR',
    })
  })
})

/** Another tab's write reaching this one: the value in storage, then its `storage` event. */
function arriveFromAnotherTab(pair: { access_token: string; refresh_token: string }) {
  localStorage.setItem('refresh_token', pair.refresh_token)
  localStorage.setItem('access_token', pair.access_token)
  window.dispatchEvent(new Event('storage'))
}

describe('apiRequest: refresh across tabs', () => {
  const REFRESH_LOCK = 'access-console-token-refresh'

  beforeEach(() => {
    vi.stubGlobal('window', new EventTarget())
  })

  /** The other tab rotated R1 into A2/R2 on the server: sending R1 again is a replay. */
  function rotatedByAnotherTab() {
    const server = fakeServer()
    Object.assign(server.state, { access: 'A2', refresh: 'R2', refreshCalls: 1 })
    vi.stubGlobal('fetch', (...args: FetchArgs) => Promise.resolve(server.handle(args)))
    const locks = sharedLocks()
    vi.stubGlobal('navigator', { locks: locks.locks })
    return { server, locks }
  }

  it('waits for the tokens of the tab that held the lock and never replays', async () => {
    const { server, locks } = rotatedByAnotherTab()
    const release = await locks.holdElsewhere(REFRESH_LOCK)
    await locks.holdElsewhere(rotatedMarkName('R1'))

    const request = apiRequest(Thing, { path: '/org/v1/things/1' })
    await pause(10)
    release()
    // Its write reaches this tab well after the lock did (a busy machine).
    await pause(400)
    arriveFromAnotherTab({ access_token: 'A2', refresh_token: 'R2' })

    await expect(request).resolves.toEqual({ name: '/org/v1/things/1' })
    expect(server.state.refreshCalls).toBe(1)
    expect(getAccessToken()).toBe('A2')
    expect(signals).not.toContain('session.ended')
  })

  it('finding the lock free just after the holder released it, waits for its tokens too', async () => {
    const { server, locks } = rotatedByAnotherTab()
    await locks.holdElsewhere(rotatedMarkName('R1'))

    const request = apiRequest(Thing, { path: '/org/v1/things/1' })
    await pause(400)
    arriveFromAnotherTab({ access_token: 'A2', refresh_token: 'R2' })

    await expect(request).resolves.toEqual({ name: '/org/v1/things/1' })
    expect(server.state.refreshCalls).toBe(1)
    expect(signals).not.toContain('session.ended')
  })

  it('takes the new pair only once both of its writes have arrived', async () => {
    const { server, locks } = rotatedByAnotherTab()
    await locks.holdElsewhere(rotatedMarkName('R1'))

    const request = apiRequest(Thing, { path: '/org/v1/things/1' })
    await pause(100)
    // The holder writes the refresh token, then the access token; each arrives as its own event.
    localStorage.setItem('refresh_token', 'R2')
    window.dispatchEvent(new Event('storage'))
    await pause(50)
    localStorage.setItem('access_token', 'A2')
    window.dispatchEvent(new Event('storage'))

    await expect(request).resolves.toEqual({ name: '/org/v1/things/1' })
    expect(server.state.refreshCalls).toBe(1)
    expect(signals).not.toContain('session.ended')
  })

  it('a tab whose wait for the lock ended without tokens still does not replay', async () => {
    const { server, locks } = rotatedByAnotherTab()
    const release = await locks.holdElsewhere(REFRESH_LOCK)
    await locks.holdElsewhere(rotatedMarkName('R1'))

    const request = apiRequest(Thing, { path: '/org/v1/things/1' }).catch((e: unknown) => e)
    await pause(10)
    release()

    expect(await request).toMatchObject({ kind: 'FETCH_ERROR' })
    expect(server.state.refreshCalls).toBe(1)
    expect(signals).toEqual(['refresh.started', 'refresh.finished'])
  })

  it('tokens later than its wait: the request fails as a network error and the session stays', async () => {
    const { server, locks } = rotatedByAnotherTab()
    await locks.holdElsewhere(rotatedMarkName('R1'))

    const request = apiRequest(Thing, { path: '/org/v1/things/1' }).catch((e: unknown) => e)
    expect(await request).toMatchObject({ kind: 'FETCH_ERROR' })
    expect(server.state.refreshCalls).toBe(1)
    expect(signals).toEqual(['refresh.started', 'refresh.finished'])
    expect(getRefreshToken()).toBe('R1')

    arriveFromAnotherTab({ access_token: 'A2', refresh_token: 'R2' })
    await expect(apiRequest(Thing, { path: '/org/v1/things/2' })).resolves.toEqual({
      name: '/org/v1/things/2',
    })
    expect(server.state.refreshCalls).toBe(1)
  })

  it('marks the refresh token it rotated, so no other tab sends it again', async () => {
    const server = fakeServer()
    vi.stubGlobal('fetch', (...args: FetchArgs) => Promise.resolve(server.handle(args)))
    const locks = sharedLocks()
    vi.stubGlobal('navigator', { locks: locks.locks })

    await expect(apiRequest(Thing, { path: '/org/v1/things/1' })).resolves.toEqual({
      name: '/org/v1/things/1',
    })
    expect(server.state.refreshCalls).toBe(1)
    expect(locks.held()).toContain(rotatedMarkName('R1'))
    expect(locks.held()).not.toContain(REFRESH_LOCK)
  })

  it('ends the session without a request when the tab that held the lock signed out', async () => {
    const server = fakeServer()
    vi.stubGlobal('fetch', (...args: FetchArgs) => Promise.resolve(server.handle(args)))
    const locks = sharedLocks()
    vi.stubGlobal('navigator', { locks: locks.locks })
    const release = await locks.holdElsewhere(REFRESH_LOCK)

    const request = apiRequest(Thing, { path: '/org/v1/things/1' }).catch((e: unknown) => e)
    // Released once this tab has asked for it (its 401 has arrived).
    await pause(10)
    release()
    await pause(100)
    localStorage.removeItem('access_token')
    localStorage.removeItem('refresh_token')
    window.dispatchEvent(new Event('storage'))

    expect(await request).toMatchObject({ kind: 'HTTP', status: 401 })
    expect(server.state.refreshCalls).toBe(0)
    expect(signals).toContain('session.ended')
  })

  it('refreshes itself when nothing arrives and nothing was rotated (the holder failed)', async () => {
    const server = fakeServer()
    vi.stubGlobal('fetch', (...args: FetchArgs) => Promise.resolve(server.handle(args)))
    const locks = sharedLocks()
    vi.stubGlobal('navigator', { locks: locks.locks })
    const release = await locks.holdElsewhere(REFRESH_LOCK)
    const started = Date.now()

    const request = apiRequest(Thing, { path: '/org/v1/things/1' })
    await pause(10)
    release()

    await expect(request).resolves.toEqual({ name: '/org/v1/things/1' })
    expect(Date.now() - started).toBeGreaterThanOrEqual(ROTATION_WAIT_MS - 50)
    expect(server.state.refreshCalls).toBe(1)
    expect(getAccessToken()).toBe('A2')
    expect(signals).not.toContain('session.ended')
  })

  it('refreshes without the lock when the browser refuses it (an opaque origin)', async () => {
    const server = fakeServer()
    vi.stubGlobal('fetch', (...args: FetchArgs) => Promise.resolve(server.handle(args)))
    const refused = () => Promise.reject(new DOMException('No locks here', 'SecurityError'))
    vi.stubGlobal('navigator', { locks: { request: refused } })

    await expect(apiRequest(Thing, { path: '/org/v1/things/1' })).resolves.toEqual({
      name: '/org/v1/things/1',
    })
    expect(server.state.refreshCalls).toBe(1)
    expect(signals).not.toContain('session.ended')
  })
})

/**
 * Web Locks shared by this tab and another: exclusive named locks granted in the order asked,
 * `ifAvailable` answered at once. `holdElsewhere(name)` takes a lock as the other tab and answers
 * the function that releases it; `held()` names the locks held now.
 */
function sharedLocks() {
  const held = new Set<string>()
  const queued = new Map<string, (() => void)[]>()
  const acquire = (name: string) =>
    new Promise<void>((granted) => {
      if (held.has(name)) queued.set(name, [...(queued.get(name) ?? []), granted])
      else {
        held.add(name)
        granted()
      }
    })
  const release = (name: string) => {
    const next = queued.get(name)?.shift()
    if (next) next()
    else held.delete(name)
  }
  type Callback = (lock: { name: string } | null) => unknown
  const locks = {
    request: async (name: string, ...rest: [Callback] | [{ ifAvailable?: boolean }, Callback]) => {
      const [options, callback] = rest.length === 2 ? rest : [{}, rest[0]]
      if (options.ifAvailable && held.has(name)) return callback(null)
      await acquire(name)
      try {
        return await callback({ name })
      } finally {
        release(name)
      }
    },
  }
  const holdElsewhere = async (name: string) => {
    await acquire(name)
    return () => release(name)
  }
  return { locks, holdElsewhere, held: () => [...held] }
}
