import { assertEvent, assign, setup } from 'xstate'

// The profile as the session needs it. Structural, so the machine imports nothing but xstate.
export type SessionUser = {
  user_id: number
  username: string
  email: string
  title: 'Mr.' | 'Ms.' | null
  first_name: string
  last_name: string
  roles: string[]
  permissions: string[]
  organization_id: number
  organization_name: string
}

export type SignInRequest =
  | { kind: 'password'; username: string; password: string }
  | { kind: 'reset'; token: string; newPassword: string }
  /** Passwordless: a discoverable passkey as the first factor, where the organization allows it. */
  | { kind: 'passkey' }

/** The second factors a person can prove at the factor step. */
export type FactorMethod = 'totp' | 'recovery' | 'webauthn'

/** One proof at the factor step: a code from the app, a recovery code, or the passkey ceremony. */
export type FactorProof =
  { kind: 'totp'; code: string } | { kind: 'recovery'; code: string } | { kind: 'webauthn' }

export type SessionError =
  | 'credentials'
  | 'throttled'
  | 'failed'
  | 'reset_link'
  | 'expired'
  | 'profile'
  /** The code or passkey at the factor step was not accepted. */
  | 'factor'
  /** The factor step's challenge lapsed (or was refused): the password step starts again. */
  | 'challenge_expired'
  /** The browser's passkey ceremony was cancelled or is not available. */
  | 'passkey_cancelled'
  /** A passkey alone, where the person's organization asks for the password first. */
  | 'passwordless_refused'

export type SessionContext = {
  user: SessionUser | null
  error: SessionError | null
  /** Seconds to wait after a throttled sign-in (429 Retry-After). */
  retryAfter: number | null
  /** The factors the person may use at the factor step; empty outside it. */
  methods: readonly FactorMethod[]
}

export type SessionEvent =
  | { type: 'session.restore.found' }
  | { type: 'session.restore.empty' }
  | { type: 'session.signIn'; request: SignInRequest }
  | { type: 'session.signIn.succeeded' }
  | { type: 'session.signIn.failed'; error: SessionError; retryAfter?: number }
  | { type: 'session.signIn.factorRequired'; methods: readonly FactorMethod[] }
  | { type: 'session.signIn.enrolmentRequired' }
  | { type: 'session.factor.submit'; proof: FactorProof }
  | { type: 'session.factor.accepted' }
  | { type: 'session.factor.refused'; error: SessionError; retryAfter?: number }
  | { type: 'session.factor.lapsed' }
  | { type: 'session.factor.cancel' }
  | { type: 'session.enrolment.completed' }
  | { type: 'session.profile.loaded'; user: SessionUser }
  | { type: 'session.profile.failed' }
  | { type: 'session.retry' }
  | { type: 'session.refresh.started' }
  | { type: 'session.refresh.finished' }
  | { type: 'session.ended' }
  | { type: 'session.signOut' }
  | { type: 'session.otherTab.signedIn' }

/**
 * The console's session. I/O stays outside: entry actions ask the app to read storage, sign in or
 * load the profile, and the app answers with events. That keeps the machine pure and lets
 * xstate/graph walk every state and transition.
 */
export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
  },
  actions: {
    // Implemented by the app (machine.provide); empty here so the machine runs in tests as is.
    readStoredSession: () => {},
    authenticate: (_, _params: { request: SignInRequest }) => {},
    verifyFactor: (_, _params: { proof: FactorProof }) => {},
    // The factor step's challenge and the enrol-only token live in memory only; this drops them.
    forgetChallenge: () => {},
    loadProfile: () => {},
    cancelPending: () => {},
    applyUserPreferences: (_, _params: { userId: number }) => {},
    applyGuestPreferences: () => {},
    forgetSession: () => {},
    setUser: assign({
      user: ({ event }) => {
        assertEvent(event, 'session.profile.loaded')
        return event.user
      },
      error: null,
      retryAfter: null,
    }),
    setSignInError: assign({
      error: ({ event }) => {
        assertEvent(event, ['session.signIn.failed', 'session.factor.refused'])
        return event.error
      },
      retryAfter: ({ event }) => {
        assertEvent(event, ['session.signIn.failed', 'session.factor.refused'])
        return event.retryAfter ?? null
      },
    }),
    setMethods: assign({
      methods: ({ event }) => {
        assertEvent(event, 'session.signIn.factorRequired')
        return event.methods
      },
    }),
    clearMethods: assign({ methods: [] }),
    clearUser: assign({ user: null, methods: [] }),
    clearError: assign({ error: null, retryAfter: null }),
    setError: assign({ error: (_, params: { error: SessionError }) => params.error }),
  },
}).createMachine({
  id: 'session',
  context: { user: null, error: null, retryAfter: null, methods: [] },
  initial: 'restoring',
  states: {
    restoring: {
      entry: 'readStoredSession',
      on: {
        'session.restore.found': 'loadingProfile',
        'session.restore.empty': 'signedOut',
      },
    },
    signedOut: {
      entry: ['clearUser', 'applyGuestPreferences'],
      on: {
        'session.signIn': {
          target: 'signingIn',
          actions: [
            'clearError',
            { type: 'authenticate', params: ({ event }) => ({ request: event.request }) },
          ],
        },
        'session.otherTab.signedIn': { target: 'loadingProfile', actions: 'clearError' },
      },
    },
    signingIn: {
      exit: 'cancelPending',
      on: {
        'session.signIn.succeeded': 'loadingProfile',
        'session.signIn.failed': { target: 'signedOut', actions: 'setSignInError' },
        'session.signIn.factorRequired': { target: 'secondFactorRequired', actions: 'setMethods' },
        'session.signIn.enrolmentRequired': 'enrolmentRequired',
      },
    },
    // The password was right and the person has a second factor: the code, a recovery code or a
    // passkey, before anything else. Nothing is stored until the factor is accepted.
    secondFactorRequired: {
      on: {
        'session.factor.submit': {
          target: 'checkingFactor',
          actions: [
            'clearError',
            { type: 'verifyFactor', params: ({ event }) => ({ proof: event.proof }) },
          ],
        },
        'session.factor.cancel': {
          target: 'signedOut',
          actions: ['forgetChallenge', 'clearError'],
        },
      },
    },
    checkingFactor: {
      exit: 'cancelPending',
      on: {
        'session.factor.accepted': { target: 'loadingProfile', actions: 'clearMethods' },
        'session.factor.refused': { target: 'secondFactorRequired', actions: 'setSignInError' },
        'session.factor.lapsed': {
          target: 'signedOut',
          actions: [
            'forgetChallenge',
            { type: 'setError', params: { error: 'challenge_expired' } },
          ],
        },
      },
    },
    // The policy requires a factor this person has not enrolled: the enrolment screen is all they
    // see, with a token the server accepts for enrolment only (held in memory, never stored).
    enrolmentRequired: {
      on: {
        'session.enrolment.completed': { target: 'loadingProfile', actions: 'forgetChallenge' },
        'session.signOut': { target: 'signedOut', actions: ['forgetChallenge', 'clearError'] },
        'session.ended': {
          target: 'signedOut',
          actions: ['forgetChallenge', { type: 'setError', params: { error: 'expired' } }],
        },
      },
    },
    loadingProfile: {
      entry: 'loadProfile',
      exit: 'cancelPending',
      on: {
        'session.profile.loaded': { target: 'signedIn', actions: 'setUser' },
        // A 401 never lands here: the client refreshes, and if that fails it ends the session
        // (session.ended) before the profile request rejects.
        'session.profile.failed': {
          target: 'profileFailed',
          actions: { type: 'setError', params: { error: 'profile' } },
        },
        'session.ended': {
          target: 'signedOut',
          actions: { type: 'setError', params: { error: 'expired' } },
        },
        'session.signOut': { target: 'signedOut', actions: 'forgetSession' },
      },
    },
    profileFailed: {
      on: {
        'session.retry': { target: 'loadingProfile', actions: 'clearError' },
        'session.signOut': { target: 'signedOut', actions: ['forgetSession', 'clearError'] },
        'session.ended': {
          target: 'signedOut',
          actions: { type: 'setError', params: { error: 'expired' } },
        },
      },
    },
    signedIn: {
      entry: {
        type: 'applyUserPreferences',
        params: ({ context }) => ({ userId: context.user?.user_id ?? 0 }),
      },
      initial: 'active',
      states: {
        active: { on: { 'session.refresh.started': 'refreshing' } },
        refreshing: { on: { 'session.refresh.finished': 'active' } },
      },
      on: {
        'session.signOut': { target: 'signedOut', actions: 'forgetSession' },
        'session.ended': {
          target: 'signedOut',
          actions: { type: 'setError', params: { error: 'expired' } },
        },
      },
    },
  },
})
