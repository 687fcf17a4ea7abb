import {
  actionMachine,
  type ActionEvent,
  type Confirmations,
} from '../../../machines/action.machine'
import type { ModelAdapter } from '../kit/adapter'

/** What the action host did: runs started and not yet answered, the answer timer. */
export type HostWorld = {
  inFlight: string[]
  sentKeys: string[]
  timerRunning: boolean
  /** Runs of a twice-confirmed action started by any event other than the deliberate second step. */
  withoutSecondStep: number
}

function actionHost() {
  const world: HostWorld = {
    inFlight: [],
    sentKeys: [],
    timerRunning: false,
    withoutSecondStep: 0,
  }
  const machine = actionMachine.provide({
    actions: {
      run: ({ event, context }, { idempotencyKey }) => {
        if (context.confirmations === 2 && event.type !== 'action.confirmAgain') {
          world.withoutSecondStep += 1
        }
        world.inFlight.push(idempotencyKey)
        world.sentKeys.push(idempotencyKey)
      },
      startTimer: () => void (world.timerRunning = true),
      cancelTimer: () => void (world.timerRunning = false),
      // The host drops the late answer of a request it let go: it is no longer tracked.
      letGo: () => void (world.inFlight = []),
    },
  })
  const cause = (event: ActionEvent) => {
    // An answer only comes for a run in flight, and the timer only fires while it runs.
    if (event.type === 'action.succeeded' || event.type === 'action.failed') {
      world.inFlight.shift()
    }
    if (event.type === 'timer.expired') world.timerRunning = false
  }
  return { machine, world, cause }
}

export const request = (
  action: string,
  confirmations: Confirmations,
  allowed = true,
): ActionEvent => ({
  type: 'action.request',
  action,
  allowed,
  confirmations,
  idempotencyKey: 'key',
})

export const actionAdapter: ModelAdapter<typeof actionMachine, HostWorld> = {
  name: 'action',
  title: 'An action through the host (machines/action.machine.ts)',
  machine: actionMachine,
  // A lock's page: lock asks once, force unlock twice, opening runs at once, unlock is refused.
  events: [
    request('device.lock', 1),
    request('device.force_unlock', 2),
    request('device.open', 0),
    request('device.unlock', 1, false),
    { type: 'action.confirm' },
    { type: 'action.confirmAgain' },
    { type: 'action.cancel' },
    { type: 'action.succeeded', auditId: 41 },
    { type: 'action.failed', reason: 'offline' },
    { type: 'timer.expired' },
    { type: 'notice.dismiss' },
    { type: 'error.dismiss' },
  ],
  // The host mints a new key per request.
  vary: (event, step) =>
    event.type === 'action.request' ? { ...event, idempotencyKey: `key-${step}` } : event,
  host: actionHost,
  invariants: [
    {
      name: 'never two runs tracked at once',
      holds: (_, world) => world.inFlight.length <= 1,
    },
    {
      name: 'no idempotency key is sent twice',
      holds: (_, world) => new Set(world.sentKeys).size === world.sentKeys.length,
    },
    {
      name: 'the answer timer runs exactly while running',
      holds: (snapshot, world) => world.timerRunning === snapshot.matches('running'),
    },
    {
      name: 'a twice-confirmed action runs only by the deliberate second step',
      holds: (_, world) => world.withoutSecondStep === 0,
    },
    {
      name: 'waiting for the answer ⇒ its run is still in flight',
      holds: (snapshot, world) =>
        !snapshot.matches('awaitingOutcome') || world.inFlight.length === 1,
    },
    {
      name: 'a refused request stays out of the dialog',
      holds: (snapshot) =>
        !snapshot.context.refused ||
        snapshot.matches('idle') ||
        snapshot.matches('succeeded') ||
        snapshot.matches('awaitingOutcome'),
    },
    {
      name: 'failed ⇒ a reason to show',
      holds: (snapshot) => !snapshot.matches('failed') || snapshot.context.failure !== null,
    },
  ],
  states: {
    idle: 'the device page with its command buttons enabled and no dialog',
    confirming: 'a dialog naming the device, its place and the command',
    confirmingAgain: 'force unlock’s second step, its stronger warning, focus on Cancel',
    running: 'the dialog’s confirm button shows it is busy',
    awaitingOutcome: 'the notice "Sent — no answer yet"',
    succeeded: 'the dialog is closed and the success notice shows',
    failed: 'the error dialog "Ooops, Something went wrong!" with the reason and an Ok button',
  },
  causes: {
    'action.request': {
      cause: 'press Lock or Force unlock on the device page (the palette and a deep link alike)',
      unavailable: (event) => {
        if (event.type !== 'action.request') return null
        if (!event.allowed)
          return 'a refused action is disabled with its reason; a deep link to it shows the reason (tests/e2e/devices.spec.ts)'
        if (event.confirmations === 0)
          return 'a navigation runs at once from the palette; a bulk run’s devices take this branch (tests/e2e/devices.spec.ts)'
        return null
      },
    },
    'action.confirm': { cause: 'press the dialog’s confirm button (Enter: it has focus)' },
    'action.confirmAgain': { cause: 'press "Force unlock now" in the second step' },
    'action.cancel': { cause: 'press Cancel or Escape in the dialog' },
    'action.succeeded': { cause: 'the server answers 200 (held past the timer when slow)' },
    'action.failed': { cause: 'the server answers 409 not connected (routed)' },
    'timer.expired': { cause: 'the answer is held past the 8 s answer timer' },
    'notice.dismiss': {
      none: 'the success toast closes by itself; the machine leaves succeeded on the next request',
    },
    'error.dismiss': { cause: 'press Ok in the error dialog' },
  },
  thresholds: { states: 100, transitions: 100, browser: 100 },
}
