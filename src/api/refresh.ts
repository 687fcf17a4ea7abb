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

// Tabs rotate the same refresh token; without a cross-tab lock two tabs refreshing at once would
// replay it and the server would revoke the whole token family. Web Locks serialise them.
// localStorage reaches other tabs asynchronously, on a different channel than the lock: a tab that
// had to wait gives the winner's token write a moment to arrive before it looks.
const STORAGE_SETTLE_MS = 50

async function withTabLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (!locks) return task()
  const immediate = await locks.request(LOCK_NAME, { ifAvailable: true }, async (lock) =>
    lock ? { value: await task() } : null,
  )
  if (immediate) return immediate.value
  return locks.request(LOCK_NAME, async () => {
    await new Promise((resolve) => setTimeout(resolve, STORAGE_SETTLE_MS))
    return task()
  })
}

async function runRefresh(started: number, sentToken: string | null): Promise<string> {
  emit({ type: 'refresh.started' })
  const seenRefreshToken = getRefreshToken()
  try {
    const token = await withTabLock(async () => {
      const refreshToken = getRefreshToken()
      if (started !== sessionGeneration() || refreshToken === null)
        throw unauthorized('No refresh token')
      const access = getAccessToken()
      // Another tab rotated the pair while we waited for the lock: use its tokens.
      if (access !== null && (refreshToken !== seenRefreshToken || access !== sentToken))
        return access
      const pair = await parse(
        TokenPair,
        await send(
          { method: 'POST', path: '/auth/v1/token/refresh', json: { refresh_token: refreshToken } },
          null,
        ),
      )
      if (started !== sessionGeneration()) throw unauthorized('Signed out during the refresh')
      saveTokens(pair)
      return pair.access_token
    })
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
