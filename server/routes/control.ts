import { randomInt } from 'node:crypto'
import { validate } from 'superstruct'
import {
  CreatePinRequest,
  DeviceCommand,
  commandCapability,
  type Device,
  type Capability,
  type LockState,
} from '../../src/contract/devices'
import type { CredentialAssignmentType } from '../../src/contract/credentials'
import type { LockdownRefusalParams } from '../../src/contract/lockdowns'
import { inScope, scopeOf } from '../../src/contract/permissions'
import type { App, Principal, Services } from '../context'
import { writeAudit, type AuditDetail } from '../db/audit'
import type { Prepared, Queryable } from '../db/database'
import { writeJournal, type Changes, type JournalSource } from '../db/journal'
import { lockdownAt, markLocked } from '../db/lockdowns'
import { badField, conflict, HttpError, notFound } from '../http/errors'
import { requireFreshCheck } from '../auth/step-up'
import { idempotencyKey, once, refusal, type Answer } from '../http/idempotency'
import { journalSource } from '../http/journal-source'
import { ensureInScope, requireScope } from '../http/scope'
import type { Scope } from '../../src/contract/permissions'
import { idParam, jsonBody } from '../http/validate'
import { credentialName, findCredential } from './credentials'
import { findDevice } from './device-rows'
import { recordManualCommand } from '../door-modes/manual'
import { placesOfDevice } from '../access/evaluate'
import { codeWindow, issueCode } from '../access/offline-code'

const nextLockState: Record<DeviceCommand, LockState | null> = {
  lock: 'locked',
  unlock: 'unlocked',
  force_unlock: 'unlocked',
  calibrate: null,
}

const lacking = (capability: Capability): AuditDetail => ({
  code: 'capability_missing',
  params: { capability },
})

/** 422 naming the capability, which a client words in its own language. */
const lacksCapability = (capability: Capability) =>
  new HttpError(
    422,
    'capability_missing',
    `Device lacks the capability ${capability}.`,
    undefined,
    {},
    { params: { capability } },
  )

/** The device row locked for this transaction, so concurrent commands apply one after another. */
export async function lockedDevice(q: Queryable, scope: Scope, p: Principal, id: number) {
  return ensureInScope(scope, p, await lockedDeviceRow(q, id), 'Device')
}

/** The device row locked for this transaction, whoever asks; undefined when it is gone. */
/** The audit row of an offline code made on `device` for `window`: its lock is this row's device. */
export function auditCodeMade(
  q: Queryable,
  device: Device,
  window: { from: Date; until: Date },
  actor: Principal,
  requestId: string,
) {
  return writeAudit(q, {
    device,
    command: 'create_pin',
    result: 'success',
    detail: {
      code: 'pin_window',
      params: { start: window.from.toISOString(), end: window.until.toISOString() },
    },
    actor,
    requestId,
  })
}

export async function lockedDeviceRow(q: Queryable, id: number): Promise<Device | undefined> {
  await q.query(deviceLock, [id])
  return findDevice(q, id)
}

// Prepared: every command runs them, by key (server/db/database.ts, Prepared).
const deviceLock: Prepared = {
  name: 'device_lock',
  text: 'select 1 from devices where device_id = $1 for update',
}
const deviceMotor: Prepared = {
  name: 'device_motor',
  text: `update devices set lock_state = coalesce($2, lock_state),
       battery_level = case when battery_level is null then null else greatest(battery_level - 1, 1) end,
       updated_at = now()
     where device_id = $1 returning connected, battery_level, lock_state`,
}

/**
 * A credential's code is programmed on a device at its place: its own device, a device mounted on
 * its door, or any device in its location (docs/decisions/035-offline-codes-at-a-place.md). The
 * credential row stays locked until commit, so the PIN written later is the one this check allowed.
 */
async function checkCodePlace(
  q: Queryable,
  scope: Scope,
  p: Principal,
  credentialId: number,
  device: Device,
) {
  const [credential] = await q.query<{
    organization_id: number
    assignment_type: CredentialAssignmentType
    assignment_id: number
  }>(
    `select organization_id, assignment_type, assignment_id from credentials
     where credential_id = $1 for update`,
    [credentialId],
  )
  if (!credential || !inScope(scope, p.organizationId, credential.organization_id)) {
    throw notFound('Credential')
  }
  const { assignment_type: type, assignment_id: id } = credential
  const here =
    type === 'device'
      ? device.device_id === id
      : type === 'door'
        ? device.assignment_type === 'door' && device.assignment_id === id
        : device.location_id === id
  if (!here) {
    throw conflict(
      `The device is not at the credential's ${type}.`,
      'data.credential_id',
      'not_at_assignment',
      { assignment_type: type },
    )
  }
}

/**
 * The window of a credential's code made on the device at `at` (offline-code.ts), with the device's
 * key version and the place's zone; 409 `credential_ended` when nothing of its window is left.
 */
async function credentialCodeWindow(
  q: Queryable,
  credentialId: number,
  deviceId: number,
  at: Date,
) {
  const [row] = await q.query<{
    start_datetime: string
    end_datetime: string | null
    permanent: boolean
    offline_key_version: number
  }>(
    `select c.start_datetime, c.end_datetime, c.permanent, d.offline_key_version
     from credentials c, devices d where c.credential_id = $1 and d.device_id = $2`,
    [credentialId, deviceId],
  )
  const places = await placesOfDevice(q, deviceId)
  if (!row || !places) throw notFound('Credential')
  const window = codeWindow(row, at, places.zone)
  if (!window)
    throw conflict(
      'The credential has ended: no code can be made for it.',
      'data.credential_id',
      'credential_ended',
    )
  return { window, keyVersion: row.offline_key_version, zone: places.zone }
}

/** What runs one command on a locked device row: the route's caller, or a lockdown's job. */
export interface CommandRun {
  device: Device
  command: DeviceCommand
  actor: Pick<Principal, 'userId' | 'email'>
  requestId: string
  source: JournalSource
  /** The caller holds lockdown:override for this device's organization. */
  overrides: boolean
  /** The success row's detail: a lockdown's own lock names the lockdown. */
  detail?: AuditDetail
}

/**
 * THE path of a device command (requirements R4.10, R7.9): capability, lockdown, connection, the
 * simulated motor, its audit row and journal row, all in the caller's transaction with the device
 * row locked. A refusal is answered, not thrown, so its audit row commits (and is what a replay
 * answers).
 */
export async function runCommand(q: Queryable, run: CommandRun): Promise<Answer> {
  const { device, command } = run
  const id = device.device_id
  const audit = (result: 'success' | 'failure', detail: AuditDetail | null) =>
    writeAudit(q, { device, command, result, detail, actor: run.actor, requestId: run.requestId })
  const capability = commandCapability[command]
  if (!device.capabilities.includes(capability)) {
    const auditId = await audit('failure', lacking(capability))
    return refusal(lacksCapability(capability), auditId)
  }
  let detail = run.detail ?? null
  if (command === 'unlock' || command === 'force_unlock') {
    const lockdown = await lockdownAt(q, { type: 'device', id }, null)
    if (lockdown !== undefined && !run.overrides) {
      const auditId = await audit('failure', {
        code: 'lockdown',
        params: { lockdown_id: lockdown.lockdown_id },
      })
      return refusal(lockdownRefusal(lockdown), auditId)
    }
    if (lockdown !== undefined) {
      detail = { code: 'lockdown_override', params: { lockdown_id: lockdown.lockdown_id } }
    }
  }
  if (!device.current_status.connected) {
    const auditId = await audit('failure', { code: 'device_not_connected', params: {} })
    return refusal(new HttpError(409, 'device_not_connected', 'Device is not connected.'), auditId)
  }
  // The simulated motor: lock state follows the command; each run costs 1% battery.
  const [status] = await q.query<{
    connected: boolean
    battery_level: number | null
    lock_state: LockState | null
  }>(deviceMotor, [id, nextLockState[command]])
  const auditId = await audit('success', detail)
  if (command === 'lock') await markLocked(q, id, auditId)
  const lockState: [unknown, unknown] = [device.current_status.lock_state, status?.lock_state]
  // An override of a lockdown is journaled as such, naming the lockdown it passed.
  const override: Changes =
    detail?.code === 'lockdown_override'
      ? { lockdown_override: [null, detail.params.lockdown_id] }
      : {}
  await writeJournal(q, run.source, {
    organizationId: device.organization_id,
    action: 'device_command',
    targetType: 'device',
    targetId: id,
    targetName: device.name,
    changes: { ...(lockState[0] === lockState[1] ? {} : { lock_state: lockState }), ...override },
    auditId,
  })
  return {
    status: 200,
    body: { device_id: id, command, result: 'success', current_status: status, audit_id: auditId },
  }
}

/** 409 `lockdown`, naming who started it and when. */
export const lockdownRefusal = (lockdown: LockdownRefusalParams) =>
  new HttpError(
    409,
    'conflict',
    `Refused: lockdown of ${lockdown.scope_name} started by ${lockdown.started_by} at ${lockdown.started_at} is active.`,
    undefined,
    {},
    { rule: 'lockdown', params: lockdown },
  )

/** A command's outcome in the metrics: success or its refusal code; a replay counts as a replay. */
function countCommand(s: Services, command: string, answer: Answer) {
  if (answer.replayed === true) {
    s.metrics.idempotentReplays.inc()
    return
  }
  const code = 'error' in answer.body ? answer.body.error : null
  const outcome = answer.status < 300 ? 'success' : typeof code === 'string' ? code : 'failure'
  s.metrics.deviceCommands.inc({ command, outcome })
}

export function registerControl(app: App, s: Services) {
  app.post('/access/v1/devices/:id/control/:command', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'update')
    const id = idParam(c)
    const [invalid, command] = validate(c.req.param('command'), DeviceCommand)
    if (invalid) throw badField('command', 'Expected lock, unlock, force_unlock or calibrate.')
    // Force unlock is decisive (decision 077): a fresh check, before the key is claimed.
    if (command === 'force_unlock') requireFreshCheck(c, s)
    const key = idempotencyKey(c.req.header('idempotency-key'))
    const overrideScope = scopeOf(p.permissions, 'lockdown', 'override')
    const answer = await s.db.tx((q) =>
      once(q, { userId: p.userId, key, request: c.req.path }, async () => {
        const device = await lockedDevice(q, scope, p, id)
        const answer = await runCommand(q, {
          device,
          command,
          actor: p,
          requestId: c.get('requestId'),
          source: journalSource(c),
          overrides: inScope(overrideScope, p.organizationId, device.organization_id),
        })
        if (answer.status < 300) await recordManualCommand(q, device, command, s.clock.now(), p)
        return answer
      }),
    )
    if (answer.status < 300) s.doorModeJob.wake()
    countCommand(s, command, answer)
    return c.json(answer.body, answer.status)
  })

  app.post('/access/v1/devices/:device_id/set/create_pin', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'credentials', 'update')
    const id = idParam(c, 'device_id')
    const { data } = await jsonBody(c, CreatePinRequest)
    const key = idempotencyKey(c.req.header('idempotency-key'))
    const request = `${c.req.path}\n${JSON.stringify(data)}`
    const answer = await s.db.tx((q) =>
      once(q, { userId: p.userId, key, request }, async () => {
        const device = await lockedDevice(q, scope, p, id)
        if (data.manufacturer_id !== device.manufacturer_id) {
          throw badField('data.manufacturer_id', 'Does not match the device.')
        }
        if (data.device_id_manufacturer !== device.device_id_manufacturer) {
          throw badField('data.device_id_manufacturer', 'Does not match the device.')
        }
        if (data.credential_id !== undefined) {
          await checkCodePlace(q, scope, p, data.credential_id, device)
        }
        if (!device.capabilities.includes('program_offline_access_codes')) {
          await writeAudit(q, {
            device,
            command: 'create_pin',
            result: 'failure',
            detail: lacking('program_offline_access_codes'),
            actor: p,
            requestId: c.get('requestId'),
          })
          return refusal(lacksCapability('program_offline_access_codes'))
        }
        // While a lockdown covers the device its doors are closed to every credential.
        const lockdown = await lockdownAt(q, { type: 'device', id }, null)
        if (lockdown !== undefined) {
          const auditId = await writeAudit(q, {
            device,
            command: 'create_pin',
            result: 'failure',
            detail: { code: 'lockdown', params: { lockdown_id: lockdown.lockdown_id } },
            actor: p,
            requestId: c.get('requestId'),
          })
          return refusal(lockdownRefusal(lockdown), auditId)
        }
        // Offline codes are derived for the device's offline validator: no connection needed. A
        // credential's code is the lock's algorithm's, for the credential's window (decision 073).
        const made =
          data.credential_id === undefined
            ? null
            : await credentialCodeWindow(q, data.credential_id, device.device_id, s.clock.now())
        const window = made?.window ?? {
          from: new Date(data.start_date),
          until: new Date(data.end_date),
        }
        const auditId = await auditCodeMade(q, device, window, p, c.get('requestId'))
        const pin =
          made && data.credential_id !== undefined
            ? (
                await issueCode(q, s.pinKey, {
                  credentialId: data.credential_id,
                  organizationId: device.organization_id,
                  deviceId: id,
                  keyVersion: made.keyVersion,
                  window: made.window,
                  auditId,
                })
              ).digits
            : String(randomInt(0, 1_000_000)).padStart(6, '0')
        // That a PIN was made, for which credential, and its audit row: never the PIN.
        const credential =
          data.credential_id === undefined ? undefined : await findCredential(q, data.credential_id)
        await writeJournal(q, journalSource(c), {
          organizationId: device.organization_id,
          action: 'create_pin',
          targetType: credential === undefined ? 'device' : 'credential',
          targetId: credential?.credential_id ?? id,
          targetName: credential === undefined ? device.name : credentialName(credential),
          auditId,
        })
        const details = {
          pin,
          valid_from: window.from.toISOString(),
          valid_until: window.until.toISOString(),
          ...(made ? { time_zone: made.zone } : {}),
        }
        return { status: 200, body: { device_id: id, details, audit_id: auditId } }
      }),
    )
    countCommand(s, 'create_pin', answer)
    return c.json(answer.body, answer.status)
  })
}
