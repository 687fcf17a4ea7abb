import {
  doorOverrideMachine,
  type DoorOverrideEvent,
  type DoorOverrideInput,
} from '../../../machines/door-override.machine'
import type { ModelAdapter } from '../kit/adapter'

/** What the override dialog's host did: checks and sends asked of the server, with what. */
export type DoorOverrideWorld = {
  pending: 'check' | 'send' | null
  /** What the person typed last (the machine hears it only while editing). */
  typed: { until: string; reason: string }
  /** The values the last check was asked about, and whether it answered with the door's ending. */
  checked: { until: string; reason: string; passed: boolean } | null
  /** Each send: whether it carried exactly the values a passed check was about, and its key. */
  sent: { asChecked: boolean; key: string }[]
}

const PREFILLED = '2027-06-09T18:00'

function doorOverrideHost() {
  const world: DoorOverrideWorld = {
    pending: null,
    typed: { until: PREFILLED, reason: '' },
    checked: null,
    sent: [],
  }
  const machine = doorOverrideMachine.provide({
    actions: {
      check: (_, { until, reason }) => {
        world.pending = 'check'
        world.checked = { until, reason, passed: false }
      },
      send: (_, { until, reason, idempotencyKey }) => {
        world.pending = 'send'
        const { checked } = world
        world.sent.push({
          asChecked:
            checked !== null &&
            checked.passed &&
            until === checked.until &&
            reason === checked.reason,
          key: idempotencyKey,
        })
      },
      cancelPending: () => void (world.pending = null),
    },
  })
  const cause = (event: DoorOverrideEvent) => {
    if (event.type === 'override.edit') world.typed = { ...world.typed, [event.field]: event.value }
    // Only an answer to a pending check passes it; a stray one does not.
    if (event.type === 'override.checked' && world.pending === 'check' && world.checked !== null)
      world.checked.passed = true
  }
  return { machine, world, cause }
}

const inputs: DoorOverrideInput[] = [
  { doorId: 2, mode: 'unlocked', until: PREFILLED },
  { doorId: 1, mode: 'locked', until: PREFILLED },
]

export const doorOverrideAdapter: ModelAdapter<typeof doorOverrideMachine, DoorOverrideWorld> = {
  name: 'door-override',
  title: 'Door override (machines/door-override.machine.ts)',
  machine: doorOverrideMachine,
  inputs,
  events: [
    { type: 'override.edit', field: 'reason', value: 'Delivery' },
    { type: 'override.submit' },
    {
      type: 'override.checked',
      ending: { mode: 'locked', layer: 'schedule', name: 'Office hours' },
    },
    { type: 'override.refused', refusals: { until: 'past', reason: 'required' } },
    { type: 'override.confirm', idempotencyKey: 'key' },
    { type: 'override.back' },
    { type: 'override.sent' },
    { type: 'override.failed', failure: 'lockdown' },
    { type: 'override.retry', idempotencyKey: 'key' },
    { type: 'override.cancel' },
  ],
  // The host mints a new key per confirmation or retry.
  vary: (event, step) =>
    event.type === 'override.confirm' || event.type === 'override.retry'
      ? { ...event, idempotencyKey: `key-${step}` }
      : event,
  host: doorOverrideHost,
  invariants: [
    {
      name: 'a request is pending exactly while validating or sending',
      holds: (snapshot, world) =>
        (world.pending === 'check') === snapshot.matches('validating') &&
        (world.pending === 'send') === snapshot.matches('sending'),
    },
    {
      name: 'nothing typed is lost: past editing the values are the checked ones, in editing the checked or newer',
      holds: (snapshot, world) => {
        const { until, reason } = snapshot.context
        const { checked, typed } = world
        if (snapshot.status === 'done') return true
        if (!snapshot.matches('editing'))
          return until === checked?.until && reason === checked.reason
        return (
          (until === typed.until || until === checked?.until) &&
          (reason === typed.reason || reason === checked?.reason)
        )
      },
    },
    {
      name: 'an override is sent only with the values of a check that passed',
      holds: (_, world) => world.sent.every(({ asChecked }) => asChecked),
    },
    {
      name: 'the confirmation always says what the door does at the end',
      holds: (snapshot) =>
        !(snapshot.matches('confirming') || snapshot.matches('sending')) ||
        snapshot.context.ending !== null,
    },
    {
      name: 'refusals of fields are shown only while editing',
      holds: (snapshot) =>
        snapshot.status === 'done' ||
        snapshot.matches('editing') ||
        Object.keys(snapshot.context.refusals).length === 0,
    },
    {
      name: 'every send has its own idempotency key',
      holds: (_, world) => new Set(world.sent.map(({ key }) => key)).size === world.sent.length,
    },
  ],
  states: {
    editing:
      'the override dialog: the date and time (in the place’s zone, which it names) and the reason, each with its refusal when there is one, and Continue',
    validating: 'the override dialog says it is checking (a busy status)',
    confirming:
      'the override dialog asks: "Unlocked until …, then locked by its schedule …", with the confirming button focused',
    sending: 'the override dialog says it is saving (a busy status)',
    failed:
      'the override dialog shows the refusal in words (a lockdown’s scope, who and when; no lock that can), with Try again, Change and Cancel',
    done: 'no dialog; a notice names the door and until when',
    cancelled: 'no dialog; nothing was sent',
  },
  causes: {
    'override.edit': { cause: 'type in the date, time or reason field' },
    'override.submit': { cause: 'press Continue (or Ctrl/⌘+Enter)' },
    'override.checked': {
      cause: 'the door’s timeline answers (the real server) and the values pass the check',
      unavailable: (_, before) =>
        before.context.reason === '' ? 'the check refuses an empty reason on screen' : null,
    },
    'override.refused': {
      cause:
        'the check refuses a field (no reason, an end in the past), or the server answers 400 naming it',
    },
    'override.confirm': { cause: 'press the confirming button (Enter)' },
    'override.back': { cause: 'press Change' },
    'override.sent': { cause: 'POST …/override answers 201 (the real server)' },
    'override.failed': {
      cause:
        'the request is refused (routed: 409 a lockdown, 422 no capability), or the timeline cannot be read',
      unavailable: (_, before) =>
        before.matches('validating')
          ? 'no lockdown refuses the read of a timeline (its failure is covered by the machine run)'
          : null,
    },
    'override.retry': { cause: 'press Try again' },
    'override.cancel': { cause: 'press Escape (or Cancel)' },
  },
  thresholds: { states: 100, transitions: 100, browser: 100 },
}
