import { assertEvent, assign, setup } from 'xstate'

/** The lockdown's state as the server last answered it (a poll, or the answer to a request). */
export type SeenState = 'active' | 'release_requested' | 'release_lapsed' | 'released'

export type LockdownInput = {
  /** The signed-in user: the console never offers them the approval of their own request. */
  userId: number
  canStart: boolean
  canRelease: boolean
  /** The lockdown this host shows, or null for the start dialog before one exists. */
  lockdown: { lockdownId: number; requestedBy: number | null } | null
}

/** What a start sends: the scope and the reason the dialog took (the contract's StartLockdown). */
export type StartRequest = {
  scope_type: 'organization' | 'location' | 'floor'
  scope_id: number
  reason: string
}

export type LockdownContext = {
  userId: number
  canStart: boolean
  canRelease: boolean
  lockdownId: number | null
  /** Who asked for the pending or approved release; null while there is none. */
  requestedBy: number | null
  /** Who approved it; set only with a requester who is someone else. */
  approvedBy: number | null
  /** The rule code (or "unavailable") of the last refused request, shown until dismissed. */
  failure: string | null
}

export type LockdownEvent =
  | { type: 'start.open' }
  | { type: 'start.confirm'; idempotencyKey: string; start: StartRequest }
  | { type: 'start.cancel' }
  | { type: 'start.succeeded'; lockdownId: number }
  | { type: 'start.failed'; rule: string }
  | {
      type: 'lockdown.seen'
      state: SeenState
      requestedBy: number | null
      approvedBy: number | null
    }
  | { type: 'release.open' }
  | { type: 'request.confirm'; idempotencyKey: string; reason: string }
  | { type: 'request.cancel' }
  | { type: 'request.succeeded' }
  | { type: 'request.failed'; rule: string }
  | { type: 'approve.open' }
  | { type: 'approve.confirm'; idempotencyKey: string }
  | { type: 'approve.cancel' }
  | { type: 'approve.succeeded' }
  | { type: 'approve.failed'; rule: string }
  | { type: 'error.dismiss' }

/**
 * Whether the console offers this user the approval: they hold the release right, a request is
 * pending, and they are not the one who made it (the server refuses that too, with
 * `second_person_required`; the console does not offer what would be refused).
 */
export function approveOffered(
  context: Pick<LockdownContext, 'userId' | 'canRelease' | 'requestedBy'>,
): boolean {
  return (
    context.canRelease && context.requestedBy !== null && context.requestedBy !== context.userId
  )
}

/** A requester and an approver who are two different people. */
const twoPeople = ({
  requestedBy,
  approvedBy,
}: Pick<LockdownContext, 'requestedBy' | 'approvedBy'>) =>
  requestedBy !== null && approvedBy !== null && requestedBy !== approvedBy

/** A poll's answer the machine takes: a release only with two people. */
const trustworthy = (seen: Extract<LockdownEvent, { type: 'lockdown.seen' }>) =>
  seen.state !== 'released' || twoPeople(seen)

function lockdownOf({ lockdownId }: LockdownContext) {
  // Only a started or given lockdown reaches the states that send its requests.
  if (lockdownId === null) throw new Error('No lockdown to release')
  return lockdownId
}

/**
 * One lockdown as one user's console sees it: starting it (scope, reason, a confirmation), active
 * while its devices lock, a release requested by one person and approved by another, lapsed when
 * nobody approved in time, released, and every refusal in between. Requests are provided actions
 * answered by events; what other people do arrives as `lockdown.seen` from the banner's poll.
 */
export const lockdownMachine = setup({
  types: {
    input: {} as LockdownInput,
    context: {} as LockdownContext,
    events: {} as LockdownEvent,
  },
  actions: {
    // Implemented by the host (machine.provide); empty here so the machine runs in tests as is.
    start: (_, _params: { idempotencyKey: string; start: StartRequest }) => {},
    requestRelease: (
      _,
      _params: { lockdownId: number; idempotencyKey: string; reason: string },
    ) => {},
    approveRelease: (_, _params: { lockdownId: number; idempotencyKey: string }) => {},
    takeLockdown: assign({
      lockdownId: ({ event }) => {
        assertEvent(event, 'start.succeeded')
        return event.lockdownId
      },
    }),
    takeSeen: assign({
      requestedBy: ({ event }) => {
        assertEvent(event, 'lockdown.seen')
        return event.state === 'release_requested' || event.state === 'released'
          ? event.requestedBy
          : null
      },
      approvedBy: ({ event }) => {
        assertEvent(event, 'lockdown.seen')
        return event.state === 'released' ? event.approvedBy : null
      },
    }),
    takeOwnRequest: assign({ requestedBy: ({ context }) => context.userId }),
    takeOwnApproval: assign({ approvedBy: ({ context }) => context.userId }),
    takeFailure: assign({
      failure: ({ event }) => {
        assertEvent(event, ['start.failed', 'request.failed', 'approve.failed'])
        return event.rule
      },
    }),
    forgetFailure: assign({ failure: null }),
  },
  guards: {
    canStart: ({ context }) => context.canStart,
    canRelease: ({ context }) => context.canRelease,
    approveOffered: ({ context }) => approveOffered(context),
    hasRequest: ({ context }) => context.requestedBy !== null,
    hasLockdown: ({ context }) => context.lockdownId !== null,
    seenRequested: ({ event }) =>
      event.type === 'lockdown.seen' &&
      event.state === 'release_requested' &&
      event.requestedBy !== null,
    seenLapsed: ({ event }) => event.type === 'lockdown.seen' && event.state === 'release_lapsed',
    seenActive: ({ event }) => event.type === 'lockdown.seen' && event.state === 'active',
    // A release shows two people: an answer naming one person twice is not taken as a release.
    seenReleased: ({ event }) =>
      event.type === 'lockdown.seen' && event.state === 'released' && twoPeople(event),
    // Anything but the pending request the open approval dialog names: lapsed, approved by someone
    // else, or another request after a lapse.
    seenOtherRequest: ({ context, event }) =>
      event.type === 'lockdown.seen' &&
      trustworthy(event) &&
      !(event.state === 'release_requested' && event.requestedBy === context.requestedBy),
    seenTrusted: ({ event }) => event.type === 'lockdown.seen' && trustworthy(event),
    hasRelease: ({ context }) => twoPeople(context),
  },
}).createMachine({
  id: 'lockdown',
  context: ({ input }) => ({
    userId: input.userId,
    canStart: input.canStart,
    canRelease: input.canRelease,
    lockdownId: input.lockdown?.lockdownId ?? null,
    requestedBy: input.lockdown?.requestedBy ?? null,
    approvedBy: null,
    failure: null,
  }),
  initial: 'idle',
  states: {
    // The start dialog begins here. The banner and the page, given a lockdown, go on at once to
    // where it is; so does every one of its dialogs when it closes, by the server's last answer.
    idle: {
      always: [
        { guard: 'hasRelease', target: 'released' },
        { guard: 'hasRequest', target: 'releaseRequested' },
        { guard: 'hasLockdown', target: 'active' },
      ],
      on: { 'start.open': { guard: 'canStart', target: 'confirmingStart' } },
    },
    confirmingStart: {
      on: {
        'start.confirm': {
          target: 'starting',
          actions: {
            type: 'start',
            params: ({ event }) => ({ idempotencyKey: event.idempotencyKey, start: event.start }),
          },
        },
        'start.cancel': 'idle',
      },
    },
    starting: {
      on: {
        'start.succeeded': { target: 'active', actions: 'takeLockdown' },
        'start.failed': { target: 'startRefused', actions: 'takeFailure' },
      },
    },
    startRefused: {
      on: { 'error.dismiss': { target: 'idle', actions: 'forgetFailure' } },
    },
    // Doors in scope lock (the page shows their progress); anyone with the right may ask to release.
    active: {
      on: {
        'release.open': { guard: 'canRelease', target: 'confirmingRequest' },
        'lockdown.seen': [
          { guard: 'seenRequested', target: 'releaseRequested', actions: 'takeSeen' },
          { guard: 'seenReleased', target: 'released', actions: 'takeSeen' },
        ],
      },
    },
    confirmingRequest: {
      on: {
        'lockdown.seen': { guard: 'seenTrusted', actions: 'takeSeen' },
        'request.confirm': {
          target: 'requesting',
          actions: {
            type: 'requestRelease',
            params: ({ context, event }) => ({
              lockdownId: lockdownOf(context),
              idempotencyKey: event.idempotencyKey,
              reason: event.reason,
            }),
          },
        },
        'request.cancel': 'idle',
      },
    },
    requesting: {
      on: {
        'request.succeeded': { target: 'releaseRequested', actions: 'takeOwnRequest' },
        'request.failed': { target: 'requestRefused', actions: 'takeFailure' },
      },
    },
    // One person asked; a second one may approve until the request expires.
    releaseRequested: {
      on: {
        'approve.open': { guard: 'approveOffered', target: 'confirmingApproval' },
        'lockdown.seen': [
          { guard: 'seenReleased', target: 'released', actions: 'takeSeen' },
          { guard: 'seenLapsed', target: 'lapsed', actions: 'takeSeen' },
          { guard: 'seenActive', target: 'active', actions: 'takeSeen' },
          { guard: 'seenRequested', actions: 'takeSeen' },
        ],
      },
    },
    // The approval dialog names one pending request; when the poll says it is gone (lapsed, approved
    // by someone else, replaced after a lapse), the dialog closes to what is there now.
    confirmingApproval: {
      on: {
        'lockdown.seen': { guard: 'seenOtherRequest', target: 'idle', actions: 'takeSeen' },
        'approve.confirm': {
          target: 'approving',
          actions: {
            type: 'approveRelease',
            params: ({ context, event }) => ({
              lockdownId: lockdownOf(context),
              idempotencyKey: event.idempotencyKey,
            }),
          },
        },
        'approve.cancel': 'idle',
      },
    },
    approving: {
      on: {
        'approve.succeeded': { target: 'released', actions: 'takeOwnApproval' },
        'approve.failed': { target: 'approveRefused', actions: 'takeFailure' },
      },
    },
    // Nobody approved in time: the lockdown stays active and a new request may be made.
    lapsed: {
      on: {
        'release.open': { guard: 'canRelease', target: 'confirmingRequest' },
        'lockdown.seen': [
          { guard: 'seenRequested', target: 'releaseRequested', actions: 'takeSeen' },
          { guard: 'seenReleased', target: 'released', actions: 'takeSeen' },
        ],
      },
    },
    // A request or approval the server refused (second person, lapsed, already released): the
    // reason shows in its dialog until dismissed. The refetch that follows the refusal tells where
    // the lockdown is now (another person's request, their release); the dismissal goes there.
    requestRefused: {
      on: {
        'lockdown.seen': { guard: 'seenTrusted', actions: 'takeSeen' },
        'error.dismiss': { target: 'idle', actions: 'forgetFailure' },
      },
    },
    approveRefused: {
      on: {
        'lockdown.seen': { guard: 'seenTrusted', actions: 'takeSeen' },
        'error.dismiss': { target: 'idle', actions: 'forgetFailure' },
      },
    },
    released: { type: 'final' },
  },
})
