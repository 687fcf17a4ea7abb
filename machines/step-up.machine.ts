import { assertEvent, assign, setup } from 'xstate'

/** What the person proves when asked again: their second factor, or the password without one. */
export type StepUpMethod = 'totp' | 'recovery' | 'webauthn' | 'password'

export type StepUpProof =
  | { kind: 'totp'; code: string }
  | { kind: 'recovery'; code: string }
  | { kind: 'webauthn' }
  | { kind: 'password'; password: string }

/** Why a check was not accepted, as the host reads the server's answer. */
export type StepUpError = 'wrong' | 'throttled' | 'passkey_cancelled' | 'failed'

export type StepUpContext = {
  methods: readonly StepUpMethod[]
  error: StepUpError | null
  /** Seconds to wait after a throttled check (429 Retry-After). */
  retryAfter: number | null
}

export type StepUpEvent =
  | { type: 'stepUp.required'; methods: readonly StepUpMethod[] }
  | { type: 'stepUp.submit'; proof: StepUpProof }
  | { type: 'stepUp.verified' }
  | { type: 'stepUp.refused'; error: StepUpError; retryAfter?: number }
  | { type: 'stepUp.cancel' }
  | { type: 'stepUp.repeat.answered' }
  | { type: 'stepUp.repeat.askedAgain' }
  | { type: 'stepUp.dismiss' }

/**
 * A decisive request answered 403 `step_up_required`: the console asks for the factor, checks it,
 * and repeats the request once with the new tokens. The request itself waits in the API client
 * while this runs, so the form behind the dialog keeps what was typed. A repeat that is asked
 * again does not loop: it fails and says so. I/O is provided actions answered by events.
 */
export const stepUpMachine = setup({
  types: {
    context: {} as StepUpContext,
    events: {} as StepUpEvent,
  },
  actions: {
    // Implemented by the host (machine.provide); empty here so the machine runs in tests as is.
    verify: (_, _params: { proof: StepUpProof }) => {},
    cancelCheck: () => {},
    repeat: () => {},
    abandon: () => {},
    takeMethods: assign(({ event }) => {
      assertEvent(event, 'stepUp.required')
      return { methods: event.methods, error: null, retryAfter: null }
    }),
    setError: assign(({ event }) => {
      assertEvent(event, 'stepUp.refused')
      return { error: event.error, retryAfter: event.retryAfter ?? null }
    }),
    clearError: assign({ error: null, retryAfter: null }),
    reset: assign({ methods: [], error: null, retryAfter: null }),
  },
}).createMachine({
  id: 'stepUp',
  context: { methods: [], error: null, retryAfter: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'stepUp.required': { target: 'asking', actions: 'takeMethods' } },
    },
    asking: {
      on: {
        'stepUp.submit': {
          target: 'checking',
          actions: [
            'clearError',
            { type: 'verify', params: ({ event }) => ({ proof: event.proof }) },
          ],
        },
        'stepUp.cancel': { target: 'idle', actions: ['abandon', 'reset'] },
      },
    },
    checking: {
      exit: 'cancelCheck',
      on: {
        'stepUp.verified': { target: 'repeating', actions: 'repeat' },
        'stepUp.refused': { target: 'asking', actions: 'setError' },
        'stepUp.cancel': { target: 'idle', actions: ['abandon', 'reset'] },
      },
    },
    repeating: {
      on: {
        'stepUp.repeat.answered': { target: 'idle', actions: 'reset' },
        'stepUp.repeat.askedAgain': 'failed',
      },
    },
    failed: {
      on: {
        'stepUp.dismiss': { target: 'idle', actions: 'reset' },
        // Another decisive request asks while the failure shows: ask for it at once.
        'stepUp.required': { target: 'asking', actions: 'takeMethods' },
      },
    },
  },
})
