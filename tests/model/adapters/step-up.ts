import { stepUpMachine, type StepUpEvent } from '../../../machines/step-up.machine'
import type { ModelAdapter } from '../kit/adapter'

/** What the step-up host did: the waiting request, the check in flight, the repeats sent. */
export type StepUpWorld = {
  /** The decisive request that was answered step_up_required, held in the API client. */
  waiting: boolean
  checking: boolean
  /** Repeats of the waiting request sent; the machine allows one per ask. */
  repeats: number
  /** Settled requests: answered (repeated), or given up (cancelled, asked again). */
  settled: 'answered' | 'abandoned' | 'askedAgain' | null
}

function stepUpHost() {
  const world: StepUpWorld = { waiting: false, checking: false, repeats: 0, settled: null }
  const machine = stepUpMachine.provide({
    actions: {
      verify: () => void (world.checking = true),
      cancelCheck: () => void (world.checking = false),
      repeat: () => void (world.repeats += 1),
      abandon: () => {
        world.waiting = false
        world.settled = 'abandoned'
      },
    },
  })
  const cause = (event: StepUpEvent) => {
    switch (event.type) {
      case 'stepUp.required':
        // The client asks only while nothing else waits (single flight, src/api/step-up.ts).
        if (!world.waiting) {
          world.waiting = true
          world.repeats = 0
          world.settled = null
        }
        return
      case 'stepUp.verified':
      case 'stepUp.refused':
        world.checking = false
        return
      case 'stepUp.repeat.answered':
        if (world.repeats > 0 && world.waiting) {
          world.waiting = false
          world.settled = 'answered'
        }
        return
      case 'stepUp.repeat.askedAgain':
        if (world.repeats > 0 && world.waiting) {
          world.waiting = false
          world.settled = 'askedAgain'
        }
        return
      default:
        return
    }
  }
  return { machine, world, cause }
}

export const stepUpAdapter: ModelAdapter<typeof stepUpMachine, StepUpWorld> = {
  name: 'step-up',
  title: 'Asked again before a decisive action (machines/step-up.machine.ts)',
  machine: stepUpMachine,
  events: [
    { type: 'stepUp.required', methods: ['totp', 'recovery', 'webauthn'] },
    { type: 'stepUp.required', methods: ['password'] },
    { type: 'stepUp.submit', proof: { kind: 'totp', code: '123456' } },
    { type: 'stepUp.submit', proof: { kind: 'password', password: 'Demo-Password-1' } },
    { type: 'stepUp.verified' },
    { type: 'stepUp.refused', error: 'wrong' },
    { type: 'stepUp.refused', error: 'throttled', retryAfter: 900 },
    { type: 'stepUp.cancel' },
    { type: 'stepUp.repeat.answered' },
    { type: 'stepUp.repeat.askedAgain' },
    { type: 'stepUp.dismiss' },
  ],
  host: stepUpHost,
  invariants: [
    {
      name: 'asking or checking ⇒ the request waits, not yet repeated',
      holds: (snapshot, world) =>
        !(snapshot.matches('asking') || snapshot.matches('checking')) ||
        (world.waiting && world.repeats === 0),
    },
    {
      name: 'a check is in flight exactly while checking',
      holds: (snapshot, world) => snapshot.matches('checking') === world.checking,
    },
    {
      name: 'the request is repeated at most once per ask',
      holds: (_, world) => world.repeats <= 1,
    },
    {
      name: 'repeating ⇒ repeated once and waiting for its answer',
      holds: (snapshot, world) =>
        !snapshot.matches('repeating') || (world.repeats === 1 && world.waiting),
    },
    {
      name: 'idle or failed ⇒ no request left waiting',
      holds: (snapshot, world) =>
        !(snapshot.matches('idle') || snapshot.matches('failed')) || !world.waiting,
    },
    {
      name: 'asking ⇒ the methods to offer',
      holds: (snapshot) => !snapshot.matches('asking') || snapshot.context.methods.length > 0,
    },
  ],
  states: {
    idle: 'no dialog',
    asking:
      'the dialog "Confirm it is you" with the code field, or the password field for a person without a factor; the wrong-code or locked message when that is the error',
    checking: 'the dialog’s Confirm button busy',
    repeating: 'the dialog closes; the action’s own progress',
    failed: 'the message that the action still asks for the factor',
  },
  causes: {
    'stepUp.required': {
      cause: 'a decisive action (approve a lockdown release) with a sign-in older than 5 minutes',
      pending: 'tests/e2e/mfa-step-up.spec.ts moves the server clock',
    },
    'stepUp.submit': { cause: 'type the code and press Confirm', pending: 'as stepUp.required' },
    'stepUp.verified': { cause: 'the server accepts the code', pending: 'as stepUp.required' },
    'stepUp.refused': { cause: 'the server refuses a wrong code', pending: 'as stepUp.required' },
    'stepUp.cancel': { cause: 'press Cancel or Escape', pending: 'as stepUp.required' },
    'stepUp.repeat.answered': {
      cause: 'the repeated request is answered',
      pending: 'as stepUp.required',
    },
    'stepUp.repeat.askedAgain': {
      none: 'the server asks again only if the fresh check lapsed between the two requests',
    },
    'stepUp.dismiss': {
      cause: 'press Close on the failure message',
      pending: 'as stepUp.required',
    },
  },
  thresholds: { states: 100, transitions: 100, browser: 0 },
}
