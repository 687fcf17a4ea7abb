import {
  offlineCodeMachine,
  unavailableReason,
  type OfflineCodeEvent,
  type OfflineCodeInput,
} from '../../../machines/offline-code.machine'
import type { ModelAdapter } from '../kit/adapter'

/** What the credential dialog's host did: lookups and generations asked of the server. */
export type OfflineCodeWorld = {
  /** A lookup answered with the PIN the credential holds. */
  held: boolean
  /** The user pressed Show code since the PIN last left the screen. */
  asked: boolean
  pending: 'lookup' | 'generation' | null
  generations: number
  keys: string[]
  /** The device each generation was asked of. */
  devices: number[]
}

function offlineCodeHost() {
  const world: OfflineCodeWorld = {
    held: false,
    asked: false,
    pending: null,
    generations: 0,
    keys: [],
    devices: [],
  }
  const machine = offlineCodeMachine.provide({
    actions: {
      lookUpCode: () => void (world.pending = 'lookup'),
      generate: (_, { deviceId, idempotencyKey }) => {
        world.pending = 'generation'
        world.generations += 1
        world.keys.push(idempotencyKey)
        world.devices.push(deviceId)
      },
      cancelPending: () => void (world.pending = null),
    },
  })
  // Each answer settles the request it answers; a stray one (nothing of its kind pending) does not.
  const cause = (event: OfflineCodeEvent) => {
    const answers = {
      'code.found': 'lookup',
      'code.missing': 'lookup',
      'code.generated': 'generation',
      'code.failed': world.pending,
    }[event.type as string]
    if (event.type === 'code.reveal') world.asked = true
    if (event.type === 'code.hide') world.asked = false
    if (answers === undefined || answers === null || answers !== world.pending) return
    if (event.type === 'code.found') world.held = true
    world.pending = null
  }
  return { machine, world, cause }
}

const online = { deviceId: 1, connected: true }
const able = { target: 'device', devices: [online], mayGenerate: true } as const
const inputs: OfflineCodeInput[] = [
  { credentialId: 3, hasPin: true, ...able },
  { credentialId: 4, hasPin: false, ...able },
  { credentialId: 5, hasPin: false, ...able, devices: [] },
  { credentialId: 6, hasPin: false, ...able, devices: [{ deviceId: 2, connected: false }] },
  { credentialId: 7, hasPin: false, ...able, mayGenerate: false },
  {
    credentialId: 8,
    hasPin: false,
    target: 'door',
    devices: [{ deviceId: 11, connected: false }],
    mayGenerate: true,
  },
  { credentialId: 9, hasPin: false, target: 'door', devices: [], mayGenerate: true },
  {
    credentialId: 10,
    hasPin: false,
    target: 'location',
    devices: [
      { deviceId: 12, connected: true },
      { deviceId: 13, connected: false },
    ],
    mayGenerate: true,
  },
]

export const offlineCodeAdapter: ModelAdapter<typeof offlineCodeMachine, OfflineCodeWorld> = {
  name: 'offline-code',
  title: 'Offline code (machines/offline-code.machine.ts)',
  machine: offlineCodeMachine,
  inputs,
  events: [
    { type: 'code.found', pin: '4711 0815' },
    { type: 'code.missing' },
    { type: 'code.choose', deviceId: 12 },
    { type: 'code.choose', deviceId: 13 },
    { type: 'code.generate', idempotencyKey: 'key' },
    { type: 'code.generated', pin: '1234 5678' },
    { type: 'code.failed', reason: 'place' },
    { type: 'code.retry', idempotencyKey: 'key' },
    { type: 'code.reveal' },
    { type: 'code.hide' },
    { type: 'code.copy' },
    { type: 'code.close' },
  ],
  // The host mints a new key per generate or retry.
  vary: (event, step) =>
    event.type === 'code.generate' || event.type === 'code.retry'
      ? { ...event, idempotencyKey: `key-${step}` }
      : event,
  host: offlineCodeHost,
  invariants: [
    {
      name: 'a PIN is shown only when the credential holds one or one was generated',
      holds: (snapshot, world) =>
        !snapshot.matches('showingCode') || world.held || world.generations > 0,
    },
    {
      name: 'a held PIN reaches the screen only after the user asked to see it (or generated it)',
      holds: (snapshot, world) =>
        !snapshot.matches('showingCode') || world.asked || world.generations > 0,
    },
    {
      name: 'the PIN is in the machine exactly while it is shown',
      holds: (snapshot) => (snapshot.context.pin !== null) === snapshot.matches('showingCode'),
    },
    {
      name: 'a request is pending exactly while checking, revealing or generating',
      holds: (snapshot, world) =>
        (world.pending === 'lookup') ===
          (snapshot.matches('checking') || snapshot.matches('revealing')) &&
        (world.pending === 'generation') === snapshot.matches('generating'),
    },
    {
      name: 'no code is generated where the device cannot program one or the user may not',
      holds: (snapshot, world) =>
        unavailableReason(snapshot.context) === null || world.generations === 0,
    },
    {
      name: 'a code is generated only on a device the dialog offers at the credential’s place',
      holds: (snapshot, world) =>
        world.devices.every((id) => snapshot.context.devices.some((d) => d.deviceId === id)),
    },
    {
      name: 'a device that is not connected never stops a code: only no device or no right does',
      holds: (snapshot) =>
        !snapshot.matches('unavailable') || unavailableReason(snapshot.context) !== null,
    },
    {
      name: 'of several devices, none is used until the user chose one',
      holds: (snapshot, world) =>
        snapshot.context.devices.length < 2 ||
        snapshot.context.deviceId !== null ||
        world.generations === 0,
    },
    {
      name: 'every generation has its own idempotency key',
      holds: (_, world) => new Set(world.keys).size === world.keys.length,
    },
  ],
  states: {
    checking: 'the Offline code dialog shows it is looking up the code (a busy status)',
    revealing:
      'the Offline code dialog shows it is looking up the code after Show code (a busy status)',
    confirmingReveal:
      'the Offline code dialog asks before the PIN goes on screen: the photo reminder and Show code (focused); no PIN on the page',
    showingCode:
      'the Show Code dialog: the PIN large and grouped, a copy button and the photo reminder',
    choosingDevice:
      'the Generate Offline Code dialog with a radio group of the devices there that can program codes (each not connected one says so) and its Generate button',
    offeringGeneration:
      'the Generate Offline Code dialog naming the device, with its Generate button (and a note when the device is not connected: the code works offline)',
    generating: 'the Generate Offline Code dialog shows it is generating (a busy status)',
    failed:
      'the error dialog "Ooops, Something went wrong!" with the reason, Try again (focused) and Close',
    unavailable:
      'the reason (no device there can program offline codes, or not allowed) instead of the button',
    closed: 'no dialog; the PIN is nowhere on the page',
  },
  causes: {
    'code.found': {
      cause: 'open the code dialog on a credential that holds a PIN; the lookup answers it',
      unavailable: (_, before) =>
        before.context.hasPin
          ? null
          : 'the list said no PIN: a PIN generated elsewhere while the list was open is not caused on demand',
    },
    'code.missing': {
      cause: 'open the code dialog on a credential without a PIN; the lookup answers none',
      unavailable: (_, before) =>
        before.context.hasPin
          ? 'a PIN once held is never removed: its lookup always finds it'
          : null,
    },
    'code.choose': {
      cause: 'pick a device in the radio group (click, or the arrow keys)',
    },
    'code.generate': { cause: 'press Generate code (Enter)' },
    'code.generated': { cause: 'create_pin answers 200 with details.pin (the real server)' },
    'code.failed': {
      cause:
        'the lookup or create_pin is refused (routed 409: the device left the credential’s place after the dialog opened)',
    },
    'code.retry': { cause: 'press Try again in the error dialog (Enter)' },
    'code.reveal': { cause: 'press Show code in the confirmation (Enter)' },
    'code.hide': { cause: 'the window loses focus (another window, the screen lock)' },
    'code.copy': { cause: 'press Copy code beside the PIN; the clipboard holds it' },
    'code.close': { cause: 'press Escape (or Close)' },
  },
  thresholds: { states: 100, transitions: 100, browser: 100 },
}
