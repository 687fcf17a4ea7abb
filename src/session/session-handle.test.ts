// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../api/tokens'
import { startSession } from './session-handle'
import type { SessionHandle, SessionStatus } from './session-types'

function answer(status: number, body: unknown) {
  return Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    }),
  )
}

/** Every status the handle shows, in order, until `last` appears. */
function statusesUntil(handle: SessionHandle, last: SessionStatus): Promise<SessionStatus[]> {
  const seen: SessionStatus[] = [handle.getView().status]
  return new Promise((resolve) => {
    const stop = handle.subscribe(() => {
      seen.push(handle.getView().status)
      if (handle.getView().status !== last) return
      stop()
      resolve(seen)
    })
  })
}

afterEach(() => {
  vi.unstubAllGlobals()
  localStorage.clear()
})

describe('startSession', () => {
  it('a guest starts signed out; a sign-in sent before the machine loaded reaches it', async () => {
    const fetch = vi.fn(() => answer(401, { error: 'invalid_grant' }))
    vi.stubGlobal('fetch', fetch)
    const handle = startSession()
    expect(handle.getView()).toEqual({
      status: 'signedOut',
      user: null,
      error: null,
      retryAfter: null,
      methods: [],
    })
    expect(fetch).not.toHaveBeenCalled()

    const seen = statusesUntil(handle, 'signedOut')
    handle.send({
      type: 'session.signIn',
      request: { kind: 'password', username: 'admin', password: 'wrong' },
    })
    expect(await seen).toEqual(['signedOut', 'signingIn', 'signedOut'])
    expect(handle.getView().error).toBe('credentials')
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('with stored tokens it restores: the machine loads at once and asks for the profile', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'access')
    localStorage.setItem(REFRESH_TOKEN_KEY, 'refresh')
    const fetch = vi.fn<(url: string) => Promise<Response>>(() =>
      answer(500, { error: 'internal' }),
    )
    vi.stubGlobal('fetch', fetch)
    const handle = startSession()
    expect(handle.getView().status).toBe('restoring')
    expect(await statusesUntil(handle, 'profileFailed')).toEqual([
      'restoring',
      'loadingProfile',
      'profileFailed',
    ])
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(['/org/v1/users/me'])
  })
})
