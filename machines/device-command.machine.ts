import { assertEvent, assign, setup } from 'xstate'

export type DeviceCommandName = 'lock' | 'unlock' | 'force_unlock' | 'calibrate'

/**
 * The capability each command needs. Structural copy of the contract's `commandCapability`, because
 * machines import xstate only; tests/model/device-command.test.ts keeps the two equal.
 */
export const commandNeeds: Record<DeviceCommandName, string> = {
  lock: 'remotely_lock',
  unlock: 'remotely_unlock',
  force_unlock: 'remotely_force_unlock',
  calibrate: 'remotely_lock',
}

/** Why a request was refused before anything was asked of the user. */
export type CommandRefusal = 'capability' | 'offline' | 'permission'

/** Why a sent command failed, as the host reads the server's answer. */
export type CommandFailure = 'offline' | 'capability' | 'permission' | 'unavailable'

export type DeviceCommandInput = {
  deviceId: number
  capabilities: readonly string[]
  connected: boolean
  /** The user holds what the server requires to send commands. */
  canSend: boolean
}

export type DeviceCommandContext = DeviceCommandInput & {
  command: DeviceCommandName | null
  /** Minted by the host per confirmation; the server answers a repeated key with its first answer. */
  idempotencyKey: string | null
  refusal: CommandRefusal | null
  failure: CommandFailure | null
  auditId: number | null
}

export type DeviceCommandEvent =
  | { type: 'command.request'; command: DeviceCommandName }
  | { type: 'command.confirm'; idempotencyKey: string }
  | { type: 'command.confirmForce' }
  | { type: 'command.cancel' }
  | { type: 'command.succeeded'; auditId: number }
  | { type: 'command.failed'; reason: CommandFailure }
  | { type: 'timer.expired' }
  | { type: 'notice.dismiss' }
  | { type: 'error.dismiss' }

/**
 * Why `command` cannot be requested on this device now, or null. Capability first (going online
 * would not help a lock without it), then connection, then permission.
 */
export function refusalOf(
  device: Pick<DeviceCommandInput, 'capabilities' | 'connected' | 'canSend'>,
  command: DeviceCommandName,
): CommandRefusal | null {
  if (!device.capabilities.includes(commandNeeds[command])) return 'capability'
  if (!device.connected) return 'offline'
  if (!device.canSend) return 'permission'
  return null
}

function sendParams({ deviceId, command, idempotencyKey }: DeviceCommandContext) {
  // Only a confirmation enters sending, and it sets both.
  if (command === null || idempotencyKey === null) throw new Error('Sending without a confirmation')
  return { deviceId, command, idempotencyKey }
}

/** How long the host waits for the server before telling the user the device is slow. */
export const ANSWER_TIMEOUT_MS = 8000

/**
 * One device's remote command: confirmed in a dialog, sent once with an idempotency key, then
 * succeeded, failed, or "sent — waiting for the device" when no answer came in time. I/O and the
 * timer are provided actions answered by events, so generated paths can walk every outcome.
 */
export const deviceCommandMachine = setup({
  types: {
    input: {} as DeviceCommandInput,
    context: {} as DeviceCommandContext,
    events: {} as DeviceCommandEvent,
  },
  actions: {
    // Implemented by the host (machine.provide); empty here so the machine runs in tests as is.
    send: (
      _,
      _params: { deviceId: number; command: DeviceCommandName; idempotencyKey: string },
    ) => {},
    startTimer: (_, _params: { ms: number }) => {},
    cancelTimer: () => {},
    takeRequest: assign({
      command: ({ event }) => {
        assertEvent(event, 'command.request')
        return event.command
      },
      refusal: null,
      failure: null,
      auditId: null,
    }),
    refuse: assign({
      refusal: ({ context, event }) => {
        assertEvent(event, 'command.request')
        return refusalOf(context, event.command)
      },
    }),
    takeKey: assign({
      idempotencyKey: ({ event }) => {
        assertEvent(event, 'command.confirm')
        return event.idempotencyKey
      },
    }),
    forget: assign({ command: null, idempotencyKey: null }),
    setOutcome: assign({
      auditId: ({ event }) => {
        assertEvent(event, 'command.succeeded')
        return event.auditId
      },
      idempotencyKey: null,
    }),
    setFailure: assign({
      failure: ({ event }) => {
        assertEvent(event, 'command.failed')
        return event.reason
      },
      idempotencyKey: null,
    }),
  },
  guards: {
    allowed: ({ context, event }) => {
      assertEvent(event, 'command.request')
      return refusalOf(context, event.command) === null
    },
    isForce: ({ context }) => context.command === 'force_unlock',
  },
}).createMachine({
  id: 'deviceCommand',
  context: ({ input }) => ({
    ...input,
    command: null,
    idempotencyKey: null,
    refusal: null,
    failure: null,
    auditId: null,
  }),
  initial: 'idle',
  states: {
    // idle and succeeded both take a new request; a refused one stays where it is, reason in context.
    idle: {
      on: {
        'command.request': [
          { guard: 'allowed', target: 'confirming', actions: 'takeRequest' },
          { actions: 'refuse' },
        ],
      },
    },
    confirming: {
      on: {
        'command.confirm': [
          { guard: 'isForce', target: 'confirmingForce', actions: 'takeKey' },
          { target: 'sending', actions: 'takeKey' },
        ],
        'command.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    // Force unlock overrides a lock's safety: a second, differently worded step sends it.
    confirmingForce: {
      on: {
        'command.confirmForce': 'sending',
        'command.cancel': { target: 'idle', actions: 'forget' },
      },
    },
    sending: {
      entry: [
        { type: 'send', params: ({ context }) => sendParams(context) },
        { type: 'startTimer', params: { ms: ANSWER_TIMEOUT_MS } },
      ],
      exit: 'cancelTimer',
      on: {
        'command.succeeded': { target: 'succeeded', actions: 'setOutcome' },
        'command.failed': { target: 'failed', actions: 'setFailure' },
        'timer.expired': 'awaitingOutcome',
      },
    },
    // The command is out; it is never resent, only its late answer settles it.
    awaitingOutcome: {
      on: {
        'command.succeeded': { target: 'succeeded', actions: 'setOutcome' },
        'command.failed': { target: 'failed', actions: 'setFailure' },
      },
    },
    succeeded: {
      on: {
        'notice.dismiss': 'idle',
        'command.request': [
          { guard: 'allowed', target: 'confirming', actions: 'takeRequest' },
          { actions: 'refuse' },
        ],
      },
    },
    failed: {
      on: { 'error.dismiss': { target: 'idle', actions: 'forget' } },
    },
  },
})
