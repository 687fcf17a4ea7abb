import { createActor, type ActorRefFrom } from 'xstate'
import {
  sessionMachine,
  type SessionError,
  type SignInRequest,
} from '../../../machines/session.machine'
import { isApiError, isHttpStatus } from '../../api/api-error'
import { requestToken, resetPassword } from '../../api/auth'
import { onSessionSignal, signOutLocally } from '../../api/refresh'
import { hasStoredSession, saveTokens, subscribeOtherTabs } from '../../api/tokens'
import { fetchMe } from '../../api/users'
import { applyGuestTheme, applyUserTheme } from '../theme-store'

export type SessionActor = ActorRefFrom<typeof sessionMachine>

function signInError(error: unknown): { error: SessionError; retryAfter?: number } {
  if (isHttpStatus(error, 429))
    return { error: 'throttled', retryAfter: isApiError(error) ? error.retryAfter : undefined }
  if (isHttpStatus(error, 401)) return { error: 'credentials' }
  return { error: 'failed' }
}

function resetError(error: unknown): SessionError {
  if (
    isApiError(error) &&
    error.kind === 'HTTP' &&
    error.status !== undefined &&
    error.status < 500
  )
    return error.status === 429 ? 'throttled' : 'reset_link'
  return 'failed'
}

function authenticate(request: SignInRequest, signal: AbortSignal) {
  return request.kind === 'password'
    ? requestToken({ username: request.username, password: request.password }, signal)
    : resetPassword({ token: request.token, new_password: request.newPassword }, signal)
}

function isAbort(error: unknown) {
  return error instanceof DOMException && error.name === 'AbortError'
}

const forgetListeners = new Set<() => void>()

/** Runs whenever a session ends: whoever caches user data (react-query) drops it. */
export function onSessionForgotten(listener: () => void): () => void {
  forgetListeners.add(listener)
  return () => forgetListeners.delete(listener)
}

function onForget() {
  for (const listener of forgetListeners) listener()
}

/**
 * The running session: the pure machine with the app's I/O plugged in, the API client's refresh
 * signals and other tabs' sign-in/out fed back as events.
 */
export function startSession(): SessionActor {
  let pending: AbortController | null = null
  const fresh = () => {
    pending?.abort()
    pending = new AbortController()
    return pending.signal
  }

  const machine = sessionMachine.provide({
    actions: {
      readStoredSession: ({ self }) => {
        const found = hasStoredSession()
        queueMicrotask(() =>
          self.send({ type: found ? 'session.restore.found' : 'session.restore.empty' }),
        )
      },
      authenticate: ({ self }, { request }) => {
        const signal = fresh()
        authenticate(request, signal).then(
          (pair) => {
            if (signal.aborted) return
            saveTokens(pair)
            self.send({ type: 'session.signIn.succeeded' })
          },
          (error: unknown) => {
            if (signal.aborted || isAbort(error)) return
            console.warn('Sign-in failed', error)
            const failure =
              request.kind === 'password' ? signInError(error) : { error: resetError(error) }
            self.send({ type: 'session.signIn.failed', ...failure })
          },
        )
      },
      loadProfile: ({ self }) => {
        const signal = fresh()
        fetchMe(signal).then(
          (user) => {
            if (!signal.aborted) self.send({ type: 'session.profile.loaded', user })
          },
          (error: unknown) => {
            if (signal.aborted || isAbort(error)) return
            self.send({ type: 'session.profile.failed', unauthorized: isHttpStatus(error, 401) })
          },
        )
      },
      cancelPending: () => {
        pending?.abort()
        pending = null
      },
      applyUserTheme: (_, { userId }) => applyUserTheme(userId),
      applyGuestTheme: () => applyGuestTheme(),
      forgetSession: () => {
        signOutLocally()
        onForget()
      },
    },
  })

  const actor = createActor(machine)
  onSessionSignal((signal) => {
    if (signal.type === 'refresh.started') actor.send({ type: 'session.refresh.started' })
    else if (signal.type === 'refresh.finished') actor.send({ type: 'session.refresh.finished' })
    else {
      onForget()
      actor.send({ type: 'session.ended' })
    }
  })
  subscribeOtherTabs((change) => {
    if (change === 'stored') {
      actor.send({ type: 'session.otherTab.signedIn' })
      return
    }
    // Another tab logged out: its clear already removed the tokens; invalidate our work in flight.
    signOutLocally()
    onForget()
    actor.send({ type: 'session.ended' })
  })
  actor.start()
  return actor
}
