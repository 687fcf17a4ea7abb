import type { SessionEvent, SessionUser } from '../../../machines/session.machine'
import { sessionMachine } from '../../../machines/session.machine'
import type { ModelAdapter } from '../kit/adapter'

export const sampleUser: SessionUser = {
  user_id: 1,
  username: 'admin',
  email: 'admin@demo.local',
  title: null,
  first_name: 'Ada',
  last_name: 'Admin',
  roles: ['admin'],
  permissions: ['organizations:read'],
  organization_id: 1,
  organization_name: 'Acme',
}

/** What the app's session host did, as a person or the browser could observe it. */
export type SessionWorld = {
  /** localStorage, shared with the other tabs. */
  storage: 'empty' | 'stored'
  /** This tab saved the stored tokens or is using them. */
  usesTokens: boolean
  theme: 'guest' | number | null
  pending: { kind: PendingKind; controller: AbortController } | null
  authRequests: number
  /** The factor step's challenge or the enrol-only token, held in this tab's memory. */
  challenge: 'factor' | 'enrol' | null
}

type PendingKind = 'storage' | 'auth' | 'factor' | 'profile'

function sessionHost() {
  const world: SessionWorld = {
    storage: 'empty',
    usesTokens: false,
    theme: null,
    pending: null,
    authRequests: 0,
    challenge: null,
  }
  const start = (kind: PendingKind) => {
    world.pending?.controller.abort()
    world.pending = { kind, controller: new AbortController() }
  }
  // The answer to the pending request of this kind, if one is pending; a stray answer changes nothing.
  const answered = (kind: PendingKind) => {
    if (world.pending?.kind !== kind) return false
    world.pending = null
    return true
  }
  const forget = () => {
    world.storage = 'empty'
    world.usesTokens = false
  }
  const machine = sessionMachine.provide({
    actions: {
      readStoredSession: () => start('storage'),
      authenticate: () => {
        world.authRequests += 1
        start('auth')
      },
      verifyFactor: () => start('factor'),
      forgetChallenge: () => void (world.challenge = null),
      loadProfile: () => {
        start('profile')
        world.usesTokens = world.storage === 'stored'
      },
      cancelPending: () => {
        world.pending?.controller.abort()
        world.pending = null
      },
      applyUserPreferences: (_, { userId }) => void (world.theme = userId),
      applyGuestPreferences: () => void (world.theme = 'guest'),
      forgetSession: forget,
    },
  })
  const cause = (event: SessionEvent) => {
    switch (event.type) {
      case 'session.restore.found':
        if (answered('storage')) world.storage = 'stored'
        return
      case 'session.restore.empty':
        answered('storage')
        return
      case 'session.signIn.succeeded':
        if (answered('auth')) {
          world.storage = 'stored'
          world.usesTokens = true
        }
        return
      case 'session.signIn.failed':
        answered('auth')
        return
      case 'session.signIn.factorRequired':
        if (answered('auth')) world.challenge = 'factor'
        return
      case 'session.signIn.enrolmentRequired':
        if (answered('auth')) world.challenge = 'enrol'
        return
      case 'session.factor.accepted':
        if (answered('factor')) {
          world.storage = 'stored'
          world.usesTokens = true
          world.challenge = null
        }
        return
      case 'session.factor.refused':
      case 'session.factor.lapsed':
        answered('factor')
        return
      case 'session.enrolment.completed':
        // Only the enrolment screen completes one; its last answer is the full token pair.
        if (world.challenge === 'enrol') {
          world.storage = 'stored'
          world.usesTokens = true
          world.challenge = null
        }
        return
      case 'session.profile.loaded':
      case 'session.profile.failed':
        answered('profile')
        return
      case 'session.otherTab.signedIn':
        world.storage = 'stored'
        return
      case 'session.ended':
        // The API client (refresh failed) or another tab's logout cleared the tokens.
        forget()
        return
      default:
        return
    }
  }
  return { machine, world, cause }
}

const pendingIs = (world: SessionWorld, kind: PendingKind) =>
  world.pending?.kind === kind && !world.pending.controller.signal.aborted

export const sessionAdapter: ModelAdapter<typeof sessionMachine, SessionWorld> = {
  name: 'session',
  title: 'Session (machines/session.machine.ts)',
  machine: sessionMachine,
  events: [
    { type: 'session.restore.found' },
    { type: 'session.restore.empty' },
    {
      type: 'session.signIn',
      request: { kind: 'password', username: 'admin@demo.local', password: 'Demo-Password-1' },
    },
    {
      type: 'session.signIn',
      request: { kind: 'reset', token: 'link-token', newPassword: 'Fresh-Pass-9' },
    },
    { type: 'session.signIn', request: { kind: 'passkey' } },
    { type: 'session.signIn.succeeded' },
    { type: 'session.signIn.failed', error: 'credentials' },
    { type: 'session.signIn.failed', error: 'throttled', retryAfter: 30 },
    { type: 'session.signIn.factorRequired', methods: ['totp', 'recovery', 'webauthn'] },
    { type: 'session.signIn.enrolmentRequired' },
    { type: 'session.factor.submit', proof: { kind: 'totp', code: '123456' } },
    { type: 'session.factor.submit', proof: { kind: 'webauthn' } },
    { type: 'session.factor.accepted' },
    { type: 'session.factor.refused', error: 'factor' },
    { type: 'session.factor.refused', error: 'throttled', retryAfter: 900 },
    { type: 'session.factor.lapsed' },
    { type: 'session.factor.cancel' },
    { type: 'session.enrolment.completed' },
    { type: 'session.profile.loaded', user: sampleUser },
    { type: 'session.profile.failed' },
    { type: 'session.retry' },
    { type: 'session.refresh.started' },
    { type: 'session.refresh.finished' },
    { type: 'session.ended' },
    { type: 'session.signOut' },
    { type: 'session.otherTab.signedIn' },
  ],
  host: sessionHost,
  invariants: [
    {
      name: 'signed out ⇒ this tab holds and uses no tokens',
      holds: (snapshot, world) => !snapshot.matches('signedOut') || !world.usesTokens,
    },
    {
      name: 'signed in ⇒ a user, stored tokens in use, and the user’s theme',
      holds: (snapshot, world) =>
        !snapshot.matches('signedIn') ||
        (snapshot.context.user !== null &&
          world.storage === 'stored' &&
          world.usesTokens &&
          world.theme === snapshot.context.user.user_id),
    },
    {
      name: 'signed out ⇒ the guest theme and no user',
      holds: (snapshot, world) =>
        !snapshot.matches('signedOut') ||
        (world.theme === 'guest' && snapshot.context.user === null),
    },
    {
      name: 'a request is pending exactly while a state waits for it',
      holds: (snapshot, world) =>
        snapshot.matches('restoring') === pendingIs(world, 'storage') &&
        snapshot.matches('signingIn') === pendingIs(world, 'auth') &&
        snapshot.matches('checkingFactor') === pendingIs(world, 'factor') &&
        snapshot.matches('loadingProfile') === pendingIs(world, 'profile'),
    },
    {
      name: 'profile failed ⇒ the profile error is shown',
      holds: (snapshot) =>
        !snapshot.matches('profileFailed') || snapshot.context.error === 'profile',
    },
    {
      name: 'at the factor step or enrolling ⇒ nothing stored in use, the challenge held',
      holds: (snapshot, world) =>
        !(
          snapshot.matches('secondFactorRequired') ||
          snapshot.matches('checkingFactor') ||
          snapshot.matches('enrolmentRequired')
        ) ||
        (!world.usesTokens && world.challenge !== null),
    },
    {
      name: 'signed out or signed in ⇒ no challenge left in memory',
      holds: (snapshot, world) =>
        !(snapshot.matches('signedOut') || snapshot.matches('signedIn')) ||
        world.challenge === null,
    },
    {
      name: 'the factor step ⇒ the methods to offer',
      holds: (snapshot) =>
        !snapshot.matches('secondFactorRequired') || snapshot.context.methods.length > 0,
    },
  ],
  states: {
    restoring: 'passes too quickly to observe',
    signedOut:
      'the "Sign in" heading; the credentials or session-ended message when that is the error; no tokens in localStorage',
    signingIn: 'passes too quickly to observe',
    secondFactorRequired:
      'the heading "Second factor" with the code field (autocomplete one-time-code); the wrong-code or locked message when that is the error',
    checkingFactor: 'passes too quickly to observe',
    enrolmentRequired: 'the heading "Set up a second factor" and nothing else of the console',
    loadingProfile: 'passes too quickly to observe',
    profileFailed: 'the heading "Your profile could not be loaded."',
    signedIn: 'the main menu (sidebar navigation)',
    'signedIn.active': 'the main menu (sidebar navigation)',
    'signedIn.refreshing': 'passes too quickly to observe',
  },
  causes: {
    'session.restore.found': { cause: 'open / with tokens of a real sign-in in localStorage' },
    'session.restore.empty': { cause: 'open /login with empty localStorage' },
    'session.signIn': {
      cause: 'fill the login form and press Sign in',
      unavailable: (event) => {
        if (event.type !== 'session.signIn') return null
        if (event.request.kind === 'reset')
          return 'a reset link needs the demo mailbox; tests/e2e/session.spec.ts covers it'
        if (event.request.kind === 'passkey')
          return 'needs a virtual authenticator and an enrolled passkey; tests/e2e/mfa-passkeys.spec.ts'
        return null
      },
    },
    'session.signIn.factorRequired': {
      cause:
        'the server accepts the password of a person with the app enrolled (made for the path)',
    },
    'session.signIn.enrolmentRequired': {
      cause:
        'the server accepts the password of a person whose new organization requires a factor (made for the path)',
    },
    'session.factor.submit': {
      cause: 'type the code (or a recovery code) and press Enter',
      unavailable: (event) =>
        event.type === 'session.factor.submit' && event.proof.kind === 'webauthn'
          ? 'needs a virtual authenticator and an enrolled passkey; tests/e2e/mfa-passkeys.spec.ts'
          : null,
    },
    'session.factor.accepted': { cause: 'the server accepts the next step’s code' },
    'session.factor.refused': {
      cause: 'the server refuses a wrong code (five lock the step for 15 minutes)',
      unavailable: (event) =>
        event.type === 'session.factor.refused' && event.error !== 'factor'
          ? 'the lock needs five wrong codes; tests/server/second-factor.test.ts covers it'
          : null,
    },
    'session.factor.lapsed': {
      cause: 'the server refuses the factor step’s challenge as lapsed (the test sends it altered)',
    },
    'session.factor.cancel': { cause: 'press "Back to sign in"' },
    'session.enrolment.completed': {
      cause:
        'type the first code of the shown setup key, confirm, and continue past the recovery codes',
    },
    'session.signIn.succeeded': { cause: 'the server accepts the password' },
    'session.signIn.failed': {
      cause: 'the server refuses a wrong password',
      unavailable: (event) =>
        event.type === 'session.signIn.failed' && event.error !== 'credentials'
          ? 'throttling needs repeated failures from one address; tests/server covers it'
          : null,
    },
    'session.profile.loaded': { cause: 'the server answers /org/v1/users/me' },
    'session.profile.failed': { cause: '/org/v1/users/me answers 500 (routed in the test)' },
    'session.retry': { cause: 'press "Try again"' },
    'session.refresh.started': {
      cause: 'the access token goes stale and the next requests get 401',
    },
    'session.refresh.finished': { cause: 'the refresh answers with a new token pair' },
    'session.ended': {
      cause:
        'the tokens are revoked (refresh fails), another tab logs out, or the enrol-only token is refused as lapsed',
    },
    'session.signOut': {
      cause: 'press Logout (Sign out on the enrolment screen)',
      unavailable: (_, before) =>
        before.matches('loadingProfile') ? 'no Logout button is shown while loading' : null,
    },
    'session.otherTab.signedIn': { cause: 'another tab signs in' },
  },
  thresholds: { states: 100, transitions: 100, browser: 100 },
}
