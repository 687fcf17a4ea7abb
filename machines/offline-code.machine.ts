import { assertEvent, assign, setup } from 'xstate'

/** A device at the credential's place that can program offline codes. */
export type CodeDevice = { deviceId: number; connected: boolean }

export type OfflineCodeInput = {
  credentialId: number
  /** What the credential opens: the device itself, a door or a whole location. */
  target: 'device' | 'door' | 'location'
  /** The list says the credential holds a PIN (it never carries the PIN itself). */
  hasPin: boolean
  /**
   * The devices at the credential's place with program_offline_access_codes, connected or not: a
   * code is for the moment the lock cannot be reached, so the connection is a note, not a refusal.
   */
  devices: readonly CodeDevice[]
  /** The signed-in user may generate codes (credentials:update). */
  mayGenerate: boolean
}

/** Why no code can be generated: no device there can program one, or the user may not. */
export type CodeUnavailable = 'capability' | 'permission'

/**
 * Why looking up or generating a code failed, as the host reads the server's answer: the device is
 * no longer at the credential's place (409), cannot program codes (422), the user may not (403).
 */
export type CodeFailure = 'place' | 'capability' | 'permission' | 'unavailable'

export type OfflineCodeContext = OfflineCodeInput & {
  /** The device the code is generated on: the only one, or the one the user chose. */
  deviceId: number | null
  /** Held only while the code is shown; never written to the URL, storage or logs. */
  pin: string | null
  idempotencyKey: string | null
  unavailable: CodeUnavailable | null
  failure: CodeFailure | null
  failedWhile: 'lookup' | 'generation' | null
}

export type OfflineCodeEvent =
  | { type: 'code.found'; pin: string }
  | { type: 'code.missing' }
  | { type: 'code.choose'; deviceId: number }
  | { type: 'code.generate'; idempotencyKey: string }
  | { type: 'code.generated'; pin: string }
  | { type: 'code.failed'; reason: CodeFailure }
  | { type: 'code.retry'; idempotencyKey: string }
  | { type: 'code.reveal' }
  | { type: 'code.hide' }
  | { type: 'code.copy' }
  | { type: 'code.close' }

/** Why no code can be generated for this credential now, or null when it can. */
export function unavailableReason(
  flow: Pick<OfflineCodeInput, 'devices' | 'mayGenerate'>,
): CodeUnavailable | null {
  if (flow.devices.length === 0) return 'capability'
  if (!flow.mayGenerate) return 'permission'
  return null
}

/** The chosen device is not connected: the code still works, and the dialog says so. */
export function chosenOffline(context: Pick<OfflineCodeContext, 'devices' | 'deviceId'>): boolean {
  return context.devices.some((d) => d.deviceId === context.deviceId && !d.connected)
}

// Only a code shows the copy button, and only a generate or retry event enters generating.
function held(value: string | null): string {
  if (value === null) throw new Error('A code or key the state promises is missing')
  return value
}

function chosenDevice(value: number | null): number {
  if (value === null) throw new Error('Generating needs a chosen device')
  return value
}

// No PIN there (any more): why none can be made, the choice of device, or the offer of one.
const noCode = [
  { guard: 'cannotGenerate', target: 'unavailable', actions: 'setUnavailable' },
  { guard: 'severalDevices', target: 'choosingDevice' },
  { target: 'offeringGeneration' },
] as const

/**
 * The offline-code dialog: show the PIN a credential holds once the user confirms they want it on
 * screen (hidden again when the window loses focus), or offer to generate one on a device
 * at its place (chosen first when there are several; with an idempotency key, so a retried request
 * cannot create a second PIN). The PIN lives in the context only while it is shown. I/O is
 * provided actions answered by events.
 */
export const offlineCodeMachine = setup({
  types: {
    input: {} as OfflineCodeInput,
    context: {} as OfflineCodeContext,
    events: {} as OfflineCodeEvent,
  },
  actions: {
    // Implemented by the host (machine.provide); empty here so the machine runs in tests as is.
    lookUpCode: (_, _params: { credentialId: number; hasPin: boolean }) => {},
    generate: (
      _,
      _params: { credentialId: number; deviceId: number; idempotencyKey: string },
    ) => {},
    cancelPending: () => {},
    copyPin: (_, _params: { pin: string }) => {},
    setPin: assign({
      pin: ({ event }) => {
        assertEvent(event, ['code.found', 'code.generated'])
        return event.pin
      },
      hasPin: true,
      failure: null,
      failedWhile: null,
    }),
    clearPin: assign({ pin: null }),
    choose: assign({
      deviceId: ({ event }) => {
        assertEvent(event, 'code.choose')
        return event.deviceId
      },
    }),
    setUnavailable: assign({ unavailable: ({ context }) => unavailableReason(context) }),
    takeKey: assign({
      idempotencyKey: ({ event }) => {
        assertEvent(event, ['code.generate', 'code.retry'])
        return event.idempotencyKey
      },
    }),
    setFailure: assign({
      failure: ({ event }) => {
        assertEvent(event, 'code.failed')
        return event.reason
      },
      failedWhile: (_, params: { while: 'lookup' | 'generation' }) => params.while,
    }),
  },
  guards: {
    cannotGenerate: ({ context }) => unavailableReason(context) !== null,
    failedWhileLookup: ({ context }) => context.failedWhile === 'lookup',
    severalDevices: ({ context }) => context.devices.length > 1,
    // Only a device the dialog offers can be chosen: one at the credential's place.
    offered: ({ context, event }) =>
      event.type === 'code.choose' && context.devices.some((d) => d.deviceId === event.deviceId),
    chosen: ({ context }) => context.deviceId !== null,
  },
}).createMachine({
  id: 'offlineCode',
  context: ({ input }) => ({
    ...input,
    // One device needs no choice; of several, none is chosen for the user.
    deviceId: input.devices.length === 1 ? (input.devices[0]?.deviceId ?? null) : null,
    pin: null,
    idempotencyKey: null,
    unavailable: null,
    failure: null,
    failedWhile: null,
  }),
  initial: 'checking',
  states: {
    checking: {
      entry: {
        type: 'lookUpCode',
        params: ({ context }) => ({ credentialId: context.credentialId, hasPin: context.hasPin }),
      },
      exit: 'cancelPending',
      on: {
        // The lookup is the truth: a PIN generated since the list was loaded is offered too. It
        // reaches the screen only once the user asks for it (Enter never reveals, decision 048).
        'code.found': 'confirmingReveal',
        'code.missing': noCode,
        'code.failed': {
          target: 'failed',
          actions: { type: 'setFailure', params: { while: 'lookup' } },
        },
        'code.close': 'closed',
      },
    },
    confirmingReveal: {
      on: {
        'code.reveal': 'revealing',
        'code.close': 'closed',
      },
    },
    // Show code was pressed: the PIN is fetched for the screen.
    revealing: {
      entry: {
        type: 'lookUpCode',
        params: ({ context }) => ({ credentialId: context.credentialId, hasPin: true }),
      },
      exit: 'cancelPending',
      on: {
        'code.found': { target: 'showingCode', actions: 'setPin' },
        'code.missing': noCode,
        'code.failed': {
          target: 'failed',
          actions: { type: 'setFailure', params: { while: 'lookup' } },
        },
        // The user looked away while it was fetched: it waits for a new Show code.
        'code.hide': 'confirmingReveal',
        'code.close': 'closed',
      },
    },
    showingCode: {
      exit: 'clearPin',
      on: {
        // Another window or the screen lock took the focus: the PIN leaves the screen.
        'code.hide': 'confirmingReveal',
        'code.copy': {
          actions: { type: 'copyPin', params: ({ context }) => ({ pin: held(context.pin) }) },
        },
        'code.close': 'closed',
      },
    },
    choosingDevice: {
      on: {
        'code.choose': { guard: 'offered', actions: 'choose' },
        'code.generate': { guard: 'chosen', target: 'generating', actions: 'takeKey' },
        'code.close': 'closed',
      },
    },
    offeringGeneration: {
      on: {
        'code.generate': { target: 'generating', actions: 'takeKey' },
        'code.close': 'closed',
      },
    },
    generating: {
      entry: {
        type: 'generate',
        params: ({ context }) => ({
          credentialId: context.credentialId,
          deviceId: chosenDevice(context.deviceId),
          idempotencyKey: held(context.idempotencyKey),
        }),
      },
      exit: 'cancelPending',
      on: {
        'code.generated': { target: 'showingCode', actions: 'setPin' },
        'code.failed': {
          target: 'failed',
          actions: { type: 'setFailure', params: { while: 'generation' } },
        },
        'code.close': 'closed',
      },
    },
    failed: {
      on: {
        'code.retry': [
          { guard: 'failedWhileLookup', target: 'checking' },
          // A fresh key: the server would answer the failed key with the same failure.
          { target: 'generating', actions: 'takeKey' },
        ],
        'code.close': 'closed',
      },
    },
    unavailable: {
      on: { 'code.close': 'closed' },
    },
    closed: { type: 'final' },
  },
})
