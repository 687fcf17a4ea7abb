import {
  approveOffered,
  lockdownMachine,
  type LockdownEvent,
} from '../../../machines/lockdown.machine'
import type { ModelAdapter } from '../kit/adapter'

/** The signed-in user and the one other person of the organization the walks use. */
export const ME = 1
export const OTHER = 2

/** What the console's host did: requests sent and not yet answered, their keys and their askers. */
export type LockdownWorld = {
  inFlight: number
  keys: string[]
  /** Approvals sent for a release this same user requested. */
  ownApprovals: number
}

function lockdownHost() {
  const world: LockdownWorld = { inFlight: 0, keys: [], ownApprovals: 0 }
  const sent = (idempotencyKey: string) => {
    world.inFlight += 1
    world.keys.push(idempotencyKey)
  }
  const machine = lockdownMachine.provide({
    actions: {
      start: (_, { idempotencyKey }) => sent(idempotencyKey),
      requestRelease: (_, { idempotencyKey }) => sent(idempotencyKey),
      approveRelease: ({ context }, { idempotencyKey }) => {
        if (context.requestedBy === context.userId) world.ownApprovals += 1
        sent(idempotencyKey)
      },
    },
  })
  const answers = new Set<LockdownEvent['type']>([
    'start.succeeded',
    'start.failed',
    'request.succeeded',
    'request.failed',
    'approve.succeeded',
    'approve.failed',
  ])
  const cause = (event: LockdownEvent) => {
    // An answer only comes for a request in flight.
    if (answers.has(event.type)) world.inFlight = Math.max(0, world.inFlight - 1)
  }
  return { machine, world, cause }
}

const seen = (
  state: Extract<LockdownEvent, { type: 'lockdown.seen' }>['state'],
  requestedBy: number | null = null,
  approvedBy: number | null = null,
): LockdownEvent => ({ type: 'lockdown.seen', state, requestedBy, approvedBy })

const keyed = new Set(['start.confirm', 'request.confirm', 'approve.confirm'])

export const lockdownAdapter: ModelAdapter<typeof lockdownMachine, LockdownWorld> = {
  name: 'lockdown',
  title: 'Lockdown (machines/lockdown.machine.ts)',
  machine: lockdownMachine,
  // The start dialog (no lockdown yet), the banner of an active one, and of one whose release
  // another person requested.
  inputs: [
    { userId: ME, canStart: true, canRelease: true, lockdown: null },
    {
      userId: ME,
      canStart: true,
      canRelease: true,
      lockdown: { lockdownId: 5, requestedBy: null },
    },
    {
      userId: ME,
      canStart: false,
      canRelease: true,
      lockdown: { lockdownId: 5, requestedBy: OTHER },
    },
  ],
  events: [
    { type: 'start.open' },
    {
      type: 'start.confirm',
      idempotencyKey: 'key',
      start: { scope_type: 'location', scope_id: 1, reason: 'Intruder' },
    },
    { type: 'start.cancel' },
    { type: 'start.succeeded', lockdownId: 5 },
    { type: 'start.failed', rule: 'already_locked_down' },
    seen('active'),
    seen('release_requested', OTHER),
    seen('release_requested', ME),
    seen('release_lapsed'),
    seen('released', OTHER, ME),
    seen('released', ME, OTHER),
    // A malformed answer naming one person twice: never shown as a release.
    seen('released', OTHER, OTHER),
    { type: 'release.open' },
    { type: 'request.confirm', idempotencyKey: 'key', reason: 'All clear' },
    { type: 'request.cancel' },
    { type: 'request.succeeded' },
    { type: 'request.failed', rule: 'release_pending' },
    { type: 'approve.open' },
    { type: 'approve.confirm', idempotencyKey: 'key' },
    { type: 'approve.cancel' },
    { type: 'approve.succeeded' },
    { type: 'approve.failed', rule: 'release_lapsed' },
    { type: 'error.dismiss' },
  ],
  // The host mints a new key per confirmation.
  vary: (event, step) =>
    keyed.has(event.type) && 'idempotencyKey' in event
      ? { ...event, idempotencyKey: `key-${step}` }
      : event,
  host: lockdownHost,
  invariants: [
    {
      name: 'the console never offers approve to the person who requested',
      holds: (snapshot) =>
        !approveOffered(snapshot.context) ||
        snapshot.context.requestedBy !== snapshot.context.userId,
    },
    {
      name: 'no approval is ever sent for the sender’s own request',
      holds: (snapshot, world) =>
        world.ownApprovals === 0 &&
        (!snapshot.matches('confirmingApproval') ||
          snapshot.context.requestedBy !== snapshot.context.userId),
    },
    {
      name: 'a release always shows two distinct people',
      holds: (snapshot) =>
        !snapshot.matches('released') ||
        (snapshot.context.requestedBy !== null &&
          snapshot.context.approvedBy !== null &&
          snapshot.context.requestedBy !== snapshot.context.approvedBy),
    },
    {
      name: 'at most one request in flight',
      holds: (_, world) => world.inFlight <= 1,
    },
    {
      name: 'no idempotency key is sent twice',
      holds: (_, world) => new Set(world.keys).size === world.keys.length,
    },
    {
      name: 'a refusal shows its reason',
      holds: (snapshot) =>
        !(
          snapshot.matches('requestRefused') ||
          snapshot.matches('approveRefused') ||
          snapshot.matches('startRefused')
        ) || snapshot.context.failure !== null,
    },
  ],
  states: {
    idle: 'the location page with its "Lock down" button, no dialog (a lockdown passes through to where it is)',
    confirmingStart: 'the "Lock down" dialog: scope, reason, confirmation box',
    starting: 'the dialog’s "Lock down now" button shows it is busy',
    startRefused: 'the dialog shows the refusal (e.g. already locked down)',
    active: 'the red banner and the lockdown page with "Request release"',
    confirmingRequest: 'the "Request release" dialog with its reason field',
    requesting: 'the request dialog’s button shows it is busy',
    releaseRequested: 'the banner names the requester and the expiry; approve for others only',
    confirmingApproval: 'the "Approve release" dialog naming the requester and reason',
    approving: 'the approve dialog’s button shows it is busy',
    lapsed: 'the page shows the request lapsed; "Request release" again',
    requestRefused: 'the request dialog shows the server’s refusal in words',
    approveRefused: 'the approve dialog shows the server’s refusal in words',
    released: 'the banner is gone; the page shows both people',
  },
  causes: {
    'start.open': { cause: 'press "Lock down" on a location, or "Lock down …" in the palette' },
    'start.confirm': { cause: 'tick the confirmation, give a reason, press "Lock down now"' },
    'start.cancel': { cause: 'press Cancel or Escape in the dialog' },
    'start.succeeded': { cause: 'the server answers 201' },
    'start.failed': { cause: 'the server answers 409 already_locked_down' },
    'lockdown.seen': {
      cause:
        'another person (or the same one in another tab) requests or approves; the page’s 5 s poll brings it',
      unavailable: (event, before) => {
        if (event.type !== 'lockdown.seen') return null
        if (event.state === 'release_lapsed')
          return 'a request lapses after LOCKDOWN_RELEASE_MINUTES (15): not on demand (tests/server/lockdown.test.ts lapses one)'
        if (event.state === 'active')
          return 'once a release was requested the server always answers with it (pending, lapsed or approved)'
        if (event.state === 'released' && event.requestedBy === event.approvedBy)
          return 'a release naming one person twice is malformed: the server never sends it'
        if (event.state === 'release_requested' && before.context.requestedBy !== null)
          return 'a pending request is never replaced; another comes only after a lapse'
        // A refused request's cause: the other person asked first (request.failed's cause).
        const pending = before.matches('requestRefused') ? OTHER : before.context.requestedBy
        if (
          event.state === 'release_requested' &&
          pending !== null &&
          event.requestedBy !== pending
        )
          return 'the refusal came from the other person’s pending request'
        if (event.state === 'released' && pending !== null && event.requestedBy !== pending)
          return 'a release approves the pending request and names its requester'
        return null
      },
    },
    'release.open': { cause: 'press "Request release" in the banner or on the page' },
    'request.confirm': { cause: 'give a reason, press "Request release"' },
    'request.cancel': { cause: 'press Cancel or Escape in the dialog' },
    'request.succeeded': {
      cause: 'the server answers 200 release_requested',
      unavailable: (_, before) =>
        before.context.requestedBy === null
          ? null
          : 'with a request pending the server refuses another (release_pending)',
    },
    'request.failed': { cause: 'the server answers 409 release_pending' },
    'approve.open': { cause: 'press "Approve release" in the banner, page or palette' },
    'approve.confirm': { cause: 'press "Approve release" in the dialog' },
    'approve.cancel': { cause: 'press Cancel or Escape in the dialog' },
    'approve.succeeded': { cause: 'the server answers 200 released' },
    'approve.failed': {
      cause:
        'the server answers 409 release_lapsed (routed: a real lapse takes LOCKDOWN_RELEASE_MINUTES)',
    },
    'error.dismiss': {
      cause: 'close the refusal',
      unavailable: (_, before) =>
        before.matches('requestRefused') && before.context.requestedBy === null
          ? 'the refusal came from another person’s request, and the refetch after it brings that request (lockdown.seen) before a person can close it'
          : null,
    },
  },
  // Replayed in Chromium by tests/e2e/lockdown.spec.ts (adapters/lockdown.browser.ts).
  thresholds: { states: 100, transitions: 100, browser: 100 },
  simplePathDepth: 6,
}
