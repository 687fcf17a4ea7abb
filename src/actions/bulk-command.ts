import { createActor } from 'xstate'
import { ANSWER_TIMEOUT_MS, actionMachine, type ActionFailure } from '../../machines/action.machine'
import { anyone, availability } from '../commands/availability'
import { commandCapability, type Device } from '../contract/devices'
import type { ErrorBody } from '../contract/errors'
import type { ListResponse } from '../contract/list'
import type { BulkCommandName } from './command-links'

// "Lock everything here": the dry run (which devices receive the command, which are skipped and
// why) and the run itself, each device driven by the one action machine, a bounded number
// at a time, one failure never stopping the others. I/O comes in as ports, so the browser and the
// bench (bench/bulk-command.ts) run the same code.

export type SkipReason = 'offline' | 'capability'

export interface BulkPlan {
  targets: Device[]
  skipped: { device: Device; reason: SkipReason }[]
}

/** Requests in flight at most: a browser's connections per host over HTTP/1.1. */
export const BULK_CONCURRENCY = 6

/** The page size the dry run reads the place's devices with (the list's maximum). */
export const BULK_PAGE_LENGTH = 500

/** What a device offers a command: its capabilities and whether it is connected. */
export const deviceSubject = (device: Device) => ({
  capabilities: device.capabilities,
  connected: device.current_status.connected,
})

/** Who receives `command` and who is skipped, by the one availability rule (capability, then connection). */
export function planBulk(devices: readonly Device[], command: BulkCommandName): BulkPlan {
  const plan: BulkPlan = { targets: [], skipped: [] }
  const needs = { capability: commandCapability[command], online: true }
  for (const device of devices) {
    const found = availability(needs, anyone, deviceSubject(device))
    if (found.state === 'enabled') plan.targets.push(device)
    else if (
      found.state === 'disabled' &&
      (found.cause === 'offline' || found.cause === 'capability')
    )
      plan.skipped.push({ device, reason: found.cause })
  }
  return plan
}

/** Every device of a place, page by page, until the server's count is reached. */
export async function collectDevices(
  fetchPage: (start: number, length: number) => Promise<ListResponse<Device>>,
): Promise<Device[]> {
  const devices: Device[] = []
  for (;;) {
    const page = await fetchPage(devices.length, BULK_PAGE_LENGTH)
    devices.push(...page.data)
    if (page.data.length === 0 || devices.length >= page.recordsFiltered) return devices
  }
}

/** One device of a run as the dialog lists it: queued until its command goes out. */
export interface BulkRow {
  device: Device
  status: BulkUpdate['status'] | 'queued'
  refusal: ErrorBody | null
}

/** Where one device of a run got to, and the server's refusal when it failed. */
export type BulkStep = Pick<BulkRow, 'status' | 'refusal'>

/**
 * The rows after some devices' steps (by device id). Every other row keeps its identity, so a
 * list that memoizes its rows re-renders only the ones that changed, not the whole run.
 */
export function withSteps(rows: readonly BulkRow[], steps: ReadonlyMap<number, BulkStep>) {
  return rows.map((row) => {
    const step = steps.get(row.device.device_id)
    return step ? { ...row, ...step } : row
  })
}

export type BulkUpdate =
  | { status: 'pending'; key: string }
  | { status: 'waiting' }
  | { status: 'done'; auditId: number }
  | { status: 'failed'; failure: ActionFailure; auditId: number | null; refusal: ErrorBody | null }

export interface BulkPorts {
  /** Sends one command with its key; resolves with the audit row of a success. */
  send: (device: Device, command: BulkCommandName, key: string) => Promise<{ auditId: number }>
  /** Reads a failed send: what went wrong, the refusal's audit row and the server's refusal. */
  classify: (error: unknown) => {
    failure: ActionFailure
    auditId: number | null
    refusal: ErrorBody | null
  }
  mintKey: () => string
  /** Every step of every device, in the order they happen. */
  onUpdate: (device: Device, update: BulkUpdate) => void
}

/** One device's command through the action machine, asked nothing more; settles with its final state. */
function commandOne(device: Device, command: BulkCommandName, ports: BulkPorts, timeoutMs: number) {
  return new Promise<'succeeded' | 'failed'>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const machine = actionMachine.provide({
      actions: {
        run: ({ self }, { idempotencyKey }) => {
          ports.onUpdate(device, { status: 'pending', key: idempotencyKey })
          ports.send(device, command, idempotencyKey).then(
            ({ auditId }) => self.send({ type: 'action.succeeded', auditId }),
            (error: unknown) => {
              const read = ports.classify(error)
              ports.onUpdate(device, { status: 'failed', ...read })
              self.send({ type: 'action.failed', reason: read.failure })
            },
          )
        },
        startTimer: ({ self }) => {
          timer = setTimeout(() => self.send({ type: 'timer.expired' }), timeoutMs)
        },
        cancelTimer: () => clearTimeout(timer),
      },
    })
    const actor = createActor(machine)
    actor.subscribe((snapshot) => {
      if (snapshot.value === 'awaitingOutcome') ports.onUpdate(device, { status: 'waiting' })
      if (snapshot.value === 'succeeded' && snapshot.context.auditId !== null) {
        ports.onUpdate(device, { status: 'done', auditId: snapshot.context.auditId })
        actor.stop()
        resolve('succeeded')
      }
      if (snapshot.value === 'failed') {
        actor.stop()
        resolve('failed')
      }
    })
    actor.start()
    // The dialog's one confirmation covered every device: each runs at once.
    actor.send({
      type: 'action.request',
      action: command,
      allowed: true,
      confirmations: 0,
      idempotencyKey: ports.mintKey(),
    })
  })
}

/**
 * Sends `command` to every target, at most `concurrency` at once; resolves when every device has
 * answered, with how many succeeded and failed.
 */
export async function runBulk(
  targets: readonly Device[],
  command: BulkCommandName,
  ports: BulkPorts,
  { concurrency = BULK_CONCURRENCY, timeoutMs = ANSWER_TIMEOUT_MS } = {},
) {
  const tally = { succeeded: 0, failed: 0 }
  let next = 0
  const worker = async () => {
    while (next < targets.length) {
      const device = targets[next]
      next += 1
      if (device) tally[await commandOne(device, command, ports, timeoutMs)] += 1
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, targets.length) }, worker))
  return tally
}
