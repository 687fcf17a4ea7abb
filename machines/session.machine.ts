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

export type SessionError =
  'credentials' | 'throttled' | 'failed' | 'reset_link' | 'expired' | 'profile'

export type SessionContext = {
  user: SessionUser | null
  error: SessionError | null
  /** Seconds to wait after a throttled sign-in (429 Retry-After). */
  retryAfter: number | null
}

export type SessionEvent =
  | { type: 'session.restore.found' }
  | { type: 'session.restore.empty' }
  | { type: 'session.signIn'; request: SignInRequest }
  | { type: 'session.signIn.succeeded' }
  | { type: 'session.signIn.failed'; error: SessionError; retryAfter?: number }
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
        assertEvent(event, 'session.signIn.failed')
        return event.error
      },
      retryAfter: ({ event }) => {
        assertEvent(event, 'session.signIn.failed')
        return event.retryAfter ?? null
      },
    }),
    clearUser: assign({ user: null }),
    clearError: assign({ error: null, retryAfter: null }),
    setError: assign({ error: (_, params: { error: SessionError }) => params.error }),
  },
}).createMachine({
  id: 'session',
  context: { user: null, error: null, retryAfter: null },
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
