import { TokenPair } from '../contract/auth'
import { ApiError, isApiError } from './api-error'
import {
  emitSessionSignal as emit,
  endSession,
  onLocalSignOut,
  sessionGeneration,
} from './session-signals'
import { getAccessToken, getRefreshToken, saveTokens } from './tokens'
import { parse, send } from './transport'

let inflight: Promise<string> | null = null

onLocalSignOut(() => {
  inflight = null
})

function unauthorized(message: string): ApiError {
  return new ApiError('HTTP', message, { status: 401, data: { error: 'unauthenticated', message } })
}

const LOCK_NAME = 'access-console-token-refresh'

/**
 * How long a tab that waited for the lock waits for the holder's tokens before it refreshes itself.
 * Tabs rotate the same refresh token; without a cross-tab lock two tabs refreshing at once would
 * replay it and the server would revoke the whole token family. Web Locks serialise them, but the
 * holder's token write reaches the other tabs through localStorage, later and on another channel
 * than the lock: on a busy machine more than the 50 ms a waiting tab used to allow, and it then
 * replayed the old refresh token and ended the session in every tab. So a waiting tab waits until
 * the tokens it holds change (the holder's new pair, or a sign-out), as soon as their `storage`
 * event arrives; only when nothing comes (the holder's refresh failed on the network and stored
 * nothing) does it refresh itself, after this long.
 */
export const ROTATION_WAIT_MS = 2_000

/** Resolves once `changed()` holds: now, at a `storage` event from another tab, or after `ms`. */
function storageChange(changed: () => boolean, ms: number): Promise<void> {
  if (changed() || typeof window === 'undefined') return Promise.resolve()
  return new Promise((resolve) => {
    const done = () => {
      window.removeEventListener('storage', onStorage)
      clearTimeout(timer)
      resolve()
    }
    const onStorage = () => {
      if (changed()) done()
    }
    const timer = setTimeout(done, ms)
    window.addEventListener('storage', onStorage)
  })
}

/** The browser's Web Locks, shared by the tabs of this origin; undefined where there are none. */
function tabLocks(): LockManager | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.locks
}

/**
 * Runs `task` holding the cross-tab lock; after waiting for it, once `rotated()` or the wait ends.
 * Where the lock cannot be had (no Web Locks, or a refusal such as an opaque origin's
 * `SecurityError`) the task runs without it.
 */
async function withTabLock<T>(task: () => Promise<T>, rotated: () => boolean): Promise<T> {
  const locks = tabLocks()
  if (!locks) return task()
  let ran = false
  const run = () => {
    ran = true
    return task()
  }
  try {
    const immediate = await locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) =>
      lock ? { value: await run() } : null,
    )
    if (immediate) return immediate.value
    return await locks.request(LOCK_NAME, async () => {
      await storageChange(rotated, ROTATION_WAIT_MS)
      return run()
    })
  } catch (error) {
    if (ran) throw error
    return task()
  }
}

/**
 * How long the tab that rotated a refresh token keeps telling the others so. The lock manager
 * answers every tab at once, unlike storage, so this closes what the wait above cannot: a tab that
 * finds the refresh lock free just after the holder released it, or whose wait ended before the
 * holder's write arrived, would otherwise send the rotated token again (a replay).
 */
export const ROTATED_MARK_MS = 60_000

/** The mark's lock name: a hash of the refresh token, so the token itself is not in a name. */
export function rotatedMarkName(refreshToken: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < refreshToken.length; i += 1)
    hash = Math.imul(hash ^ refreshToken.charCodeAt(i), 0x01000193)
  return `${LOCK_NAME}:rotated:${(hash >>> 0).toString(16)}`
}

/**
 * Holds the mark that `refreshToken` was rotated for ROTATED_MARK_MS; resolves once it is held.
 * Never waits for it: a mark already held under that name (a hash collision) serves as well.
 */
function markRotated(locks: LockManager, refreshToken: string): Promise<void> {
  return new Promise((held) => {
    locks
      .request(rotatedMarkName(refreshToken), { ifAvailable: true }, (lock) => {
        held()
        return lock ? new Promise((resolve) => setTimeout(resolve, ROTATED_MARK_MS)) : undefined
      })
      .catch(() => held())
  })
}

/** Whether a tab has marked `refreshToken` as rotated (its mark's lock is held). */
function wasRotated(locks: LockManager, refreshToken: string): Promise<boolean> {
  return locks
    .request(rotatedMarkName(refreshToken), { ifAvailable: true }, (lock) => lock === null)
    .catch(() => false)
}

/**
 * The access token of the pair that another tab rotated `refreshToken` into (this tab's request
 * was sent with `sentToken`), once its write reaches this tab. If it has not within
 * ROTATION_WAIT_MS the request fails as a network error: the tokens stay, and a retry finds them,
 * where sending `refreshToken` again would end the session in every tab.
 */
async function rotatedElsewhere(refreshToken: string, sentToken: string | null): Promise<string> {
  // Both tokens must have changed: they are written one after the other, and each write reaches
  // this tab as its own `storage` event.
  const arrived = () => getRefreshToken() !== refreshToken && getAccessToken() !== sentToken
  await storageChange(() => getRefreshToken() === null || arrived(), ROTATION_WAIT_MS)
  const access = getAccessToken()
  if (getRefreshToken() === null) throw unauthorized('Signed out in another tab')
  if (arrived() && access !== null) return access
  throw new ApiError('FETCH_ERROR', 'Another tab renewed the session; its tokens have not arrived')
}

async function runRefresh(started: number, sentToken: string | null): Promise<string> {
  emit({ type: 'refresh.started' })
  try {
    const token = await withTabLock(
      async () => {
        const refreshToken = getRefreshToken()
        if (started !== sessionGeneration() || refreshToken === null)
          throw unauthorized('No refresh token')
        const access = getAccessToken()
        // Another tab rotated the pair while we waited for the lock: use its tokens.
        if (access !== null && access !== sentToken) return access
        const locks = tabLocks()
        if (locks && (await wasRotated(locks, refreshToken)))
          return rotatedElsewhere(refreshToken, sentToken)
        const pair = await parse(
          TokenPair,
          await send(
            {
              method: 'POST',
              path: '/auth/v1/token/refresh',
              json: { refresh_token: refreshToken },
            },
            null,
          ),
        )
        if (started !== sessionGeneration()) throw unauthorized('Signed out during the refresh')
        saveTokens(pair)
        if (locks) await markRotated(locks, refreshToken)
        return pair.access_token
      },
      () => getAccessToken() !== sentToken || getRefreshToken() === null,
    )
    emit({ type: 'refresh.finished' })
    return token
  } catch (error) {
    // Network trouble during a refresh is not a verdict on the session: the request fails with
    // FETCH_ERROR/TIMEOUT_ERROR and the tokens stay. A refusal (any HTTP error) ends the session.
    const transient = isApiError(error) && error.kind !== 'HTTP' && error.kind !== 'PARSING_ERROR'
    if (started === sessionGeneration()) {
      if (transient) emit({ type: 'refresh.finished' })
      else endSession()
    }
    throw error
  }
}

/**
 * Called by a request that got a 401 after sending `sentToken`. Resolves to the token to retry
 * with; all callers during one refresh share it (single flight), and a caller whose 401 arrives
 * after someone else already refreshed simply reuses the newer token.
 */
export function refreshAfterUnauthorized(
  sentToken: string | null,
  started: number,
): Promise<string> {
  if (started !== sessionGeneration()) return Promise.reject(unauthorized('Signed out'))
  const current = getAccessToken()
  if (current !== null && current !== sentToken) return Promise.resolve(current)
  if (inflight) return inflight
  const flight = runRefresh(started, sentToken)
  inflight = flight
  const settle = () => {
    if (inflight === flight) inflight = null
  }
  flight.then(settle, settle)
  return flight
}
