import { assertEvent, assign, setup } from 'xstate'

export type OfflineCodeInput = {
  credentialId: number
  /** The list says the credential holds a PIN (it never carries the PIN itself). */
  hasPin: boolean
  /** The credential's device has program_offline_access_codes. */
  deviceCapable: boolean
  deviceConnected: boolean
  /** The signed-in user may generate codes (credentials:update). */
  mayGenerate: boolean
}

/** Why no code can be generated: the device cannot, it is offline, or the user may not. */
export type CodeUnavailable = 'capability' | 'offline' | 'permission'

/** Why looking up or generating a code failed, as the host reads the server's answer. */
export type CodeFailure = 'offline' | 'capability' | 'permission' | 'unavailable'

export type OfflineCodeContext = OfflineCodeInput & {
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
  | { type: 'code.generate'; idempotencyKey: string }
  | { type: 'code.generated'; pin: string }
  | { type: 'code.failed'; reason: CodeFailure }
  | { type: 'code.retry'; idempotencyKey: string }
  | { type: 'code.copy' }
  | { type: 'code.close' }

/** Why no code can be generated for this credential now, or null when it can. */
export function unavailableReason(
  flow: Pick<OfflineCodeInput, 'deviceCapable' | 'deviceConnected' | 'mayGenerate'>,
): CodeUnavailable | null {
  if (!flow.deviceCapable) return 'capability'
  if (!flow.deviceConnected) return 'offline'
  if (!flow.mayGenerate) return 'permission'
  return null
}

// Only a code shows the copy button, and only a generate or retry event enters generating.
function held(value: string | null): string {
  if (value === null) throw new Error('A code or key the state promises is missing')
  return value
}

/**
 * The offline-code dialog: show the PIN a credential holds, or offer to generate one on its device
 * (with an idempotency key, so a retried request cannot create a second PIN). The PIN lives in the
 * context only while it is shown. I/O is provided actions answered by events.
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
    generate: (_, _params: { credentialId: number; idempotencyKey: string }) => {},
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
  },
}).createMachine({
  id: 'offlineCode',
  context: ({ input }) => ({
    ...input,
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
        // The lookup is the truth: a PIN generated since the list was loaded is shown too.
        'code.found': { target: 'showingCode', actions: 'setPin' },
        'code.missing': [
          { guard: 'cannotGenerate', target: 'unavailable', actions: 'setUnavailable' },
          { target: 'offeringGeneration' },
        ],
        'code.failed': {
          target: 'failed',
          actions: { type: 'setFailure', params: { while: 'lookup' } },
        },
        'code.close': 'closed',
      },
    },
    showingCode: {
      exit: 'clearPin',
      on: {
        'code.copy': {
          actions: { type: 'copyPin', params: ({ context }) => ({ pin: held(context.pin) }) },
        },
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
