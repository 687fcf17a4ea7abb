import { assertEvent, assign, setup } from 'xstate'

/** What an override keeps the door: unlocked ("Unlock … until …") or locked ("Keep … locked"). */
export type OverrideMode = 'locked' | 'unlocked'

/** The fields a person types; the mode is the action's. */
export type OverrideField = 'until' | 'reason'

/**
 * Why a typed value is refused, by the dialog's check or the server's 400 naming the field: no
 * value, not a date and time, not in the future, further ahead than an override may end, too long.
 */
export type FieldRefusal = 'required' | 'invalid' | 'past' | 'tooFar' | 'tooLong'

export type Refusals = Partial<Record<OverrideField, FieldRefusal>>

/**
 * Why sending (or the check's look at the door's timeline) failed as a whole: a lockdown refuses
 * an unlock (409), no lock on the door can do it (422), the person may not (403), anything else.
 */
export type OverrideFailure = 'lockdown' | 'capability' | 'permission' | 'unavailable'

/**
 * What the door does when the override ends: the mode and the layer that decides it then (its
 * schedule "Office hours", a holiday, another override), as the host read it from the timeline.
 */
export type OverrideEnding = {
  mode: OverrideMode
  layer: string
  name: string | null
}

export type DoorOverrideInput = {
  doorId: number
  mode: OverrideMode
  /** The prefilled end, a wall time of the door's place without offset (2027-06-09T18:00). */
  until: string
}

export type DoorOverrideContext = DoorOverrideInput & {
  reason: string
  refusals: Refusals
  ending: OverrideEnding | null
  idempotencyKey: string | null
  failure: OverrideFailure | null
}

export type DoorOverrideEvent =
  | { type: 'override.edit'; field: OverrideField; value: string }
  | { type: 'override.submit' }
  | { type: 'override.checked'; ending: OverrideEnding }
  | { type: 'override.refused'; refusals: Refusals }
  | { type: 'override.confirm'; idempotencyKey: string }
  | { type: 'override.back' }
  | { type: 'override.sent' }
  | { type: 'override.failed'; failure: OverrideFailure }
  | { type: 'override.retry'; idempotencyKey: string }
  | { type: 'override.cancel' }

// Only a confirm or a retry enters sending, and each brings its key.
function held(value: string | null): string {
  if (value === null) throw new Error('Sending needs an idempotency key')
  return value
}

const cancel = { 'override.cancel': 'cancelled' } as const

/**
 * "Unlock the loading dock until 18:00": the person types the end (a wall time of the door's
 * place) and a reason; the host checks them against the server's clock and reads from the door's
 * timeline what the door does at the end, which the confirmation says; the override is sent once
 * per confirmation with its idempotency key. A refusal of a field (the check's, or the server's
 * 400) goes back to editing with everything typed kept; a refusal of the whole (a lockdown, no
 * capability) is shown in its words and the person may change the values or cancel. I/O is
 * provided actions answered by events.
 */
export const doorOverrideMachine = setup({
  types: {
    input: {} as DoorOverrideInput,
    context: {} as DoorOverrideContext,
    events: {} as DoorOverrideEvent,
  },
  actions: {
    // Implemented by the host (machine.provide); empty here so the machine runs in tests as is.
    check: (_, _params: { doorId: number; until: string; reason: string }) => {},
    send: (
      _,
      _params: {
        doorId: number
        mode: OverrideMode
        until: string
        reason: string
        idempotencyKey: string
      },
    ) => {},
    cancelPending: () => {},
    edit: assign(({ event }) => {
      assertEvent(event, 'override.edit')
      return event.field === 'until' ? { until: event.value } : { reason: event.value }
    }),
    // The refusals stay beside their fields while the person corrects them, until the next check.
    forgetRefusals: assign({ refusals: {} }),
    refuse: assign({
      refusals: ({ event }) => {
        assertEvent(event, 'override.refused')
        return event.refusals
      },
      ending: null,
    }),
    setEnding: assign({
      ending: ({ event }) => {
        assertEvent(event, 'override.checked')
        return event.ending
      },
    }),
    takeKey: assign({
      idempotencyKey: ({ event }) => {
        assertEvent(event, ['override.confirm', 'override.retry'])
        return event.idempotencyKey
      },
      failure: null,
    }),
    setFailure: assign({
      failure: ({ event }) => {
        assertEvent(event, 'override.failed')
        return event.failure
      },
    }),
    forgetFailure: assign({ failure: null, ending: null }),
  },
  guards: {
    // A failure after the confirmation is sent again; one while checking is checked again.
    confirmed: ({ context }) => context.ending !== null,
  },
}).createMachine({
  id: 'doorOverride',
  context: ({ input }) => ({
    ...input,
    reason: '',
    refusals: {},
    ending: null,
    idempotencyKey: null,
    failure: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'override.edit': { actions: 'edit' },
        'override.submit': { target: 'validating', actions: 'forgetRefusals' },
        ...cancel,
      },
    },
    // The host checks the values against the server's clock and reads the door's timeline.
    validating: {
      entry: {
        type: 'check',
        params: ({ context }) => ({
          doorId: context.doorId,
          until: context.until,
          reason: context.reason,
        }),
      },
      exit: 'cancelPending',
      on: {
        'override.checked': { target: 'confirming', actions: 'setEnding' },
        'override.refused': { target: 'editing', actions: 'refuse' },
        'override.failed': { target: 'failed', actions: 'setFailure' },
        ...cancel,
      },
    },
    confirming: {
      on: {
        'override.confirm': { target: 'sending', actions: 'takeKey' },
        'override.back': { target: 'editing', actions: 'forgetFailure' },
        ...cancel,
      },
    },
    sending: {
      entry: {
        type: 'send',
        params: ({ context }) => ({
          doorId: context.doorId,
          mode: context.mode,
          until: context.until,
          reason: context.reason,
          idempotencyKey: held(context.idempotencyKey),
        }),
      },
      exit: 'cancelPending',
      on: {
        'override.sent': 'done',
        // The server's 400 names the field: back to it, with everything typed kept.
        'override.refused': { target: 'editing', actions: 'refuse' },
        'override.failed': { target: 'failed', actions: 'setFailure' },
        ...cancel,
      },
    },
    failed: {
      on: {
        // A fresh key: the server would answer the failed key with the same failure.
        'override.retry': [
          { guard: 'confirmed', target: 'sending', actions: 'takeKey' },
          { target: 'validating' },
        ],
        'override.back': { target: 'editing', actions: 'forgetFailure' },
        ...cancel,
      },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
})
