import { createActor, type ActorRefFrom } from 'xstate'
import {
  sessionMachine,
  type FactorProof,
  type SessionError,
  type SignInRequest,
} from '../../machines/session.machine'
import type { TokenPair } from '../contract/auth'
import type { ApiError } from '../api/api-error'
import { loadUsersApi } from '../api/load-users'
import { signOutLocally } from '../api/session-signals'
import { isCeremonyRefusal, passkeyAssertion } from '../api/passkey-ceremony'
import { endSessionOnServer } from '../api/sign-out'
import { hasStoredSession, saveTokens } from '../api/tokens'
import { challengeToken, dropChallenge, holdChallenge } from './factor-challenge'
import { createRequestSlot } from '../lib/request-actions'
import { applyGuestSingleKeys, applyUserSingleKeys } from '../ui/single-keys'
import { applyGuestTheme, applyUserTheme } from '../ui/theme-store'
import type { SessionStatus, SessionView } from './session-types'

export type SessionActor = ActorRefFrom<typeof sessionMachine>

type Snapshot = ReturnType<SessionActor['getSnapshot']>

// The machine's top-level states; `matches('signedIn')` also holds in its children.
const statuses: readonly SessionStatus[] = [
  'signedIn',
  'signedOut',
  'signingIn',
  'secondFactorRequired',
  'checkingFactor',
  'enrolmentRequired',
  'loadingProfile',
  'profileFailed',
  'restoring',
]

export function viewOf(snapshot: Snapshot): SessionView {
  const { user, error, retryAfter, methods } = snapshot.context
  const status = statuses.find((name) => snapshot.matches(name)) ?? 'restoring'
  return { status, user, error, retryAfter, methods }
}

// The HTTP client (with superstruct and the contract) loads on first use, not with /login.
const loadAuth = () => import('../api/auth')

/** An HTTP error's status; network, timeout and parsing failures have none. */
function httpStatus(error: unknown): number | undefined {
  const candidate = error as Partial<ApiError> | null
  return candidate?.name === 'ApiError' && candidate.kind === 'HTTP' ? candidate.status : undefined
}

function signInError(error: unknown): { error: SessionError; retryAfter?: number } {
  const status = httpStatus(error)
  if (status === 429) return { error: 'throttled', retryAfter: (error as ApiError).retryAfter }
  if (status === 401) return { error: 'credentials' }
  // Only the passwordless sign-in answers 403: the organization wants the password first.
  if (status === 403) return { error: 'passwordless_refused' }
  if (status === undefined && isCeremonyRefusal(error)) return { error: 'passkey_cancelled' }
  return { error: 'failed' }
}

/** The factor step's refusal: a wrong code (400), five of them (429), a lapsed challenge (401). */
function factorError(error: unknown): { error: SessionError; retryAfter?: number } | 'lapsed' {
  const status = httpStatus(error)
  if (status === 401) return 'lapsed'
  if (status === 429) return { error: 'throttled', retryAfter: (error as ApiError).retryAfter }
  if (status === 400) return { error: 'factor' }
  if (status === undefined && isCeremonyRefusal(error)) return { error: 'passkey_cancelled' }
  return { error: 'failed' }
}

function resetError(error: unknown): SessionError {
  const status = httpStatus(error)
  if (status === 429) return 'throttled'
  return status !== undefined && status < 500 ? 'reset_link' : 'failed'
}

async function authenticate(request: SignInRequest, signal: AbortSignal) {
  const { requestToken, resetPassword, passkeyOptions, signInWithPasskey } = await loadAuth()
  if (request.kind === 'password')
    return requestToken({ username: request.username, password: request.password }, signal)
  if (request.kind === 'reset')
    return resetPassword({ token: request.token, new_password: request.newPassword }, signal)
  const { challenge_id, options } = await passkeyOptions({ purpose: 'sign_in' }, signal)
  const response = await passkeyAssertion(options)
  return signInWithPasskey({ challenge_id, response }, signal)
}

async function verifyFactor(proof: FactorProof, signal: AbortSignal): Promise<TokenPair> {
  const { passFactorStep, passkeyOptions } = await loadAuth()
  const mfaToken = challengeToken() ?? ''
  if (proof.kind !== 'webauthn')
    return passFactorStep({ mfa_token: mfaToken, method: proof.kind, code: proof.code }, signal)
  const { challenge_id, options } = await passkeyOptions({ mfa_token: mfaToken }, signal)
  const response = await passkeyAssertion(options)
  return passFactorStep({ mfa_token: mfaToken, method: 'webauthn', challenge_id, response }, signal)
}

async function fetchProfile(signal: AbortSignal) {
  const { fetchMe } = await loadUsersApi()
  return fetchMe(signal)
}

/**
 * The running session: the pure machine with the app's I/O plugged in. The API client's refresh
 * signals and other tabs' sign-in/out reach it as events through the handle (session-handle.ts).
 */
export function startSessionActor(): SessionActor {
  const requests = createRequestSlot()

  const machine = sessionMachine.provide({
    actions: {
      readStoredSession: ({ self }) => {
        const found = hasStoredSession()
        queueMicrotask(() =>
          self.send({ type: found ? 'session.restore.found' : 'session.restore.empty' }),
        )
      },
      authenticate: ({ self }, { request }) =>
        requests.start((signal) => authenticate(request, signal), {
          ok: (answer) => {
            if ('second_factor_required' in answer) {
              holdChallenge(answer.mfa_token)
              self.send(
                answer.enrolment_required
                  ? { type: 'session.signIn.enrolmentRequired' }
                  : { type: 'session.signIn.factorRequired', methods: answer.methods },
              )
              return
            }
            saveTokens(answer)
            self.send({ type: 'session.signIn.succeeded' })
          },
          fail: (error) => {
            console.warn('Sign-in failed', error)
            const failure =
              request.kind === 'reset' ? { error: resetError(error) } : signInError(error)
            self.send({ type: 'session.signIn.failed', ...failure })
          },
        }),
      loadProfile: ({ self }) =>
        requests.start(fetchProfile, {
          ok: (user) => self.send({ type: 'session.profile.loaded', user }),
          fail: () => self.send({ type: 'session.profile.failed' }),
        }),
      verifyFactor: ({ self }, { proof }) =>
        requests.start((signal) => verifyFactor(proof, signal), {
          ok: (pair) => {
            dropChallenge()
            saveTokens(pair)
            self.send({ type: 'session.factor.accepted' })
          },
          fail: (error) => {
            const refusal = factorError(error)
            self.send(
              refusal === 'lapsed'
                ? { type: 'session.factor.lapsed' }
                : { type: 'session.factor.refused', ...refusal },
            )
          },
        }),
      forgetChallenge: dropChallenge,
      cancelPending: () => requests.cancel(),
      applyUserPreferences: (_, { userId }) => {
        applyUserTheme(userId)
        applyUserSingleKeys(userId)
      },
      applyGuestPreferences: () => {
        applyGuestTheme()
        applyGuestSingleKeys()
      },
      // Logout (session.signOut) ends the session on the server too, before the tokens go.
      forgetSession: () => {
        endSessionOnServer()
        signOutLocally()
      },
    },
  })

  const actor = createActor(machine)
  actor.start()
  return actor
}
