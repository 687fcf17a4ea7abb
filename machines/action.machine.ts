import { assertEvent, assign, setup } from 'xstate'

/**
 * How many times an action asks before it runs: 0 runs at once, 1 asks once, 2 asks again in
 * other words (force unlock). The action declares it (decision 063); the machine only counts.
 */
export type Confirmations = 0 | 1 | 2

/** Why a run failed, as the host reads the server's answer. */
export type ActionFailure = 'offline' | 'capability' | 'permission' | 'refused' | 'unavailable'

export type ActionContext = {
  /** The action asked for (`device.unlock`), null while nothing is asked. */
  action: string | null
  confirmations: Confirmations
  /** Minted by the host per request; the server answers a repeated key with its first answer. */
  idempotencyKey: string | null
  /** The last request was refused before anything was asked (its reason is the action's own). */
  refused: boolean
  failure: ActionFailure | null
  auditId: number | null
}

export type ActionEvent =
  | {
      type: 'action.request'
      action: string
      /** The one availability rule's verdict, taken by the host (commands/availability.ts). */
      allowed: boolean
      confirmations: Confirmations
      idempotencyKey: string
    }
  | { type: 'action.confirm' }
  | { type: 'action.confirmAgain' }
  | { type: 'action.cancel' }
  | { type: 'action.succeeded'; auditId: number | null }
  | { type: 'action.failed'; reason: ActionFailure }
  | { type: 'timer.expired' }
  | { type: 'notice.dismiss' }
  | { type: 'error.dismiss' }

function runParams({ action, idempotencyKey }: ActionContext) {
  // Only a granted request enters running, and it sets both.
  if (action === null || idempotencyKey === null) throw new Error('Running without a request')
  return { action, idempotencyKey }
}

/** How long the host waits for the server before telling the user the answer is late. */
export const ANSWER_TIMEOUT_MS = 8000

const request = [
  { guard: 'runsAtOnce', target: 'running', actions: 'takeRequest' },
  { guard: 'allowed', target: 'confirming', actions: 'takeRequest' },
  { actions: 'refuse' },
] as const

/**
 * One action on one thing, from the palette, a button, a row, a key or a deep link alike:
 * confirmed once or twice as the action declares, run once with an idempotency key, then
 * succeeded, failed, or "sent — waiting" when no answer came in time. I/O and the timer are
 * provided actions answered by events, so generated paths can walk every outcome.
 */
export const actionMachine = setup({
  types: {
    context: {} as ActionContext,
    events: {} as ActionEvent,
  },
  actions: {
    // Implemented by the host (machine.provide); empty here so the machine runs in tests as is.
    run: (_, _params: { action: string; idempotencyKey: string }) => {},
    startTimer: (_, _params: { ms: number }) => {},
    cancelTimer: () => {},
    letGo: () => {},
    takeRequest: assign(({ event }) => {
      assertEvent(event, 'action.request')
      return {
        action: event.action,
        confirmations: event.confirmations,
        idempotencyKey: event.idempotencyKey,
        refused: false,
        failure: null,
        auditId: null,
      }
    }),
    refuse: assign({ refused: true }),
    forget: assign({ action: null, idempotencyKey: null }),
    setOutcome: assign({
      auditId: ({ event }) => {
        assertEvent(event, 'action.succeeded')
        return event.auditId
      },
      idempotencyKey: null,
      refused: false,
    }),
    setFailure: assign({
      failure: ({ event }) => {
        assertEvent(event, 'action.failed')
        return event.reason
      },
      idempotencyKey: null,
      refused: false,
    }),
  },
  guards: {
    allowed: ({ event }) => {
      assertEvent(event, 'action.request')
      return event.allowed
    },
    runsAtOnce: ({ event }) => {
      assertEvent(event, 'action.request')
      return event.allowed && event.confirmations === 0
    },
    asksAgain: ({ context }) => context.confirmations === 2,
  },
}).createMachine({
  id: 'action',
  context: {
    action: null,
    confirmations: 1,
    idempotencyKey: null,
    refused: false,
    failure: null,
    auditId: null,
  },
  initial: 'idle',
  states: {
    // idle and succeeded both take a new request; a refused one stays where it is.
    idle: { on: { 'action.request': [...request] } },
    confirming: {
      on: {
        'action.confirm': [{ guard: 'asksAgain', target: 'confirmingAgain' }, 'running'],
        'action.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    // Force unlock overrides a lock's safety: a second, differently worded step runs it.
    confirmingAgain: {
      on: {
        'action.confirmAgain': 'running',
        'action.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    running: {
      entry: [
        { type: 'run', params: ({ context }) => runParams(context) },
        { type: 'startTimer', params: { ms: ANSWER_TIMEOUT_MS } },
      ],
      exit: 'cancelTimer',
      on: {
        'action.succeeded': { target: 'succeeded', actions: 'setOutcome' },
        'action.failed': { target: 'failed', actions: 'setFailure' },
        'timer.expired': 'awaitingOutcome',
      },
    },
    // The request is out; it is never repeated, only its late answer settles it. A new request
    // lets it go: its receipt still settles, so a slow lock does not hold up the next action.
    awaitingOutcome: {
      on: {
        'action.succeeded': { target: 'succeeded', actions: 'setOutcome' },
        'action.failed': { target: 'failed', actions: 'setFailure' },
        'action.request': [
          { guard: 'runsAtOnce', target: 'running', actions: ['letGo', 'takeRequest'] },
          { guard: 'allowed', target: 'confirming', actions: ['letGo', 'takeRequest'] },
          { actions: 'refuse' },
        ],
      },
    },
    succeeded: {
      on: { 'notice.dismiss': 'idle', 'action.request': [...request] },
    },
    failed: {
      on: { 'error.dismiss': { target: 'idle', actions: 'forget' } },
    },
  },
})
