import type { SessionContext, SessionEvent } from '../../machines/session.machine'

export type SessionStatus =
  | 'restoring'
  | 'signedOut'
  | 'signingIn'
  | 'secondFactorRequired'
  | 'checkingFactor'
  | 'enrolmentRequired'
  | 'loadingProfile'
  | 'profileFailed'
  | 'signedIn'

export type SessionView = SessionContext & { status: SessionStatus }

/** What the app holds of the session: the machine's state as a view, and a way to send it events. */
export type SessionHandle = {
  getView: () => SessionView
  subscribe: (listener: () => void) => () => void
  send: (event: SessionEvent) => void
  /** Loads and starts the machine if it is not running yet (sign-in intent, a signed-in boot). */
  load: () => Promise<void>
}
