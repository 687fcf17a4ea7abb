import {
  deviceCommandMachine,
  type DeviceCommandEvent,
  type DeviceCommandName,
} from '../../../machines/device-command.machine'
import type { ModelAdapter } from '../kit/adapter'

/** What the device page's host did: commands sent and not yet answered, the answer timer. */
export type DeviceWorld = {
  inFlight: string[]
  sentKeys: string[]
  timerRunning: boolean
  /** Force unlocks sent by any event other than the deliberate second step. */
  forceWithoutSecondStep: number
}

function deviceHost() {
  const world: DeviceWorld = {
    inFlight: [],
    sentKeys: [],
    timerRunning: false,
    forceWithoutSecondStep: 0,
  }
  const machine = deviceCommandMachine.provide({
    actions: {
      send: ({ event }, { command, idempotencyKey }) => {
        if (command === 'force_unlock' && event.type !== 'command.confirmForce') {
          world.forceWithoutSecondStep += 1
        }
        world.inFlight.push(idempotencyKey)
        world.sentKeys.push(idempotencyKey)
      },
      startTimer: () => void (world.timerRunning = true),
      cancelTimer: () => void (world.timerRunning = false),
    },
  })
  const cause = (event: DeviceCommandEvent) => {
    // An answer only comes for a command in flight, and the timer only fires while it runs.
    if (event.type === 'command.succeeded' || event.type === 'command.failed') {
      world.inFlight.shift()
    }
    if (event.type === 'timer.expired') world.timerRunning = false
  }
  return { machine, world, cause }
}

const request = (command: DeviceCommandName): DeviceCommandEvent => ({
  type: 'command.request',
  command,
})

export const deviceCommandAdapter: ModelAdapter<typeof deviceCommandMachine, DeviceWorld> = {
  name: 'device-command',
  title: 'Device command (machines/device-command.machine.ts)',
  machine: deviceCommandMachine,
  // Locks and force-unlocks but cannot unlock: one device shows both a granted and a refused request.
  inputs: [
    {
      deviceId: 7,
      capabilities: ['remotely_lock', 'remotely_force_unlock'],
      connected: true,
      canSend: true,
    },
  ],
  events: [
    request('lock'),
    request('unlock'),
    request('force_unlock'),
    { type: 'command.confirm', idempotencyKey: 'key' },
    { type: 'command.confirmForce' },
    { type: 'command.cancel' },
    { type: 'command.succeeded', auditId: 41 },
    { type: 'command.failed', reason: 'offline' },
    { type: 'timer.expired' },
    { type: 'notice.dismiss' },
    { type: 'error.dismiss' },
  ],
  // The host mints a new key per confirmation.
  vary: (event, step) =>
    event.type === 'command.confirm' ? { ...event, idempotencyKey: `key-${step}` } : event,
  host: deviceHost,
  invariants: [
    {
      name: 'never two commands in flight for one device',
      holds: (_, world) => world.inFlight.length <= 1,
    },
    {
      name: 'no idempotency key is sent twice',
      holds: (_, world) => new Set(world.sentKeys).size === world.sentKeys.length,
    },
    {
      name: 'the answer timer runs exactly while sending',
      holds: (snapshot, world) => world.timerRunning === snapshot.matches('sending'),
    },
    {
      name: 'force unlock is sent only by the deliberate second step',
      holds: (_, world) => world.forceWithoutSecondStep === 0,
    },
    {
      name: 'waiting for the device ⇒ its command is still in flight',
      holds: (snapshot, world) =>
        !snapshot.matches('awaitingOutcome') || world.inFlight.length === 1,
    },
    {
      name: 'a refused request stays out of the dialog, its reason readable',
      holds: (snapshot) =>
        snapshot.context.refusal === null ||
        snapshot.matches('idle') ||
        snapshot.matches('succeeded'),
    },
    {
      name: 'failed ⇒ a reason to show',
      holds: (snapshot) => !snapshot.matches('failed') || snapshot.context.failure !== null,
    },
  ],
  states: {
    idle: 'the device page with its command buttons enabled and no dialog',
    confirming: 'a dialog naming the device, its place and the command',
    confirmingForce: 'the dialog’s stronger warning and its "Force unlock" button',
    sending: 'the dialog’s confirm button shows it is busy',
    awaitingOutcome: 'the notice "sent — waiting for the device"',
    succeeded: 'the dialog is closed and the success notice shows',
    failed: 'the error dialog "Ooops, Something went wrong!" with the reason and an Ok button',
  },
  causes: {
    'command.request': {
      cause:
        'press Lock, Unlock, Force unlock or Calibrate on the device page, or ?command= from the palette',
      unavailable: (event) =>
        event.type === 'command.request' && event.command === 'unlock'
          ? 'every seeded lock can unlock; a missing capability hides the button (tests/e2e/devices.spec.ts)'
          : null,
    },
    'command.confirm': { cause: 'press the dialog’s confirm button (Enter)' },
    'command.confirmForce': { cause: 'press "Force unlock now" in the second step' },
    'command.cancel': { cause: 'press Cancel or Escape in the dialog' },
    'command.succeeded': { cause: 'the server answers 200 (held past the timer when slow)' },
    'command.failed': { cause: 'the server answers 409 not connected (routed)' },
    'timer.expired': { cause: 'the answer is held past the 8 s answer timer' },
    'notice.dismiss': {
      none: 'the success toast closes by itself; the machine leaves succeeded on the next request',
    },
    'error.dismiss': { cause: 'press Ok in the error dialog' },
  },
  thresholds: { states: 100, transitions: 100, browser: 100 },
}
