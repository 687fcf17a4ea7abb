import { createHmac } from 'node:crypto'
import { DateTime } from 'luxon'
import type { Queryable } from '../db/database'
import { queueWithdrawals } from './lock-sync'

// Offline codes (decision 073): made by the lock's algorithm, which the server shares. A lock's key
// is derived from the server's PIN key, the device and its key version; a code is an HMAC of that
// key over the credential and the code's window, cut to 6 digits. The lock checks a typed code by
// deriving it again, so rotating its key (a new version) ends every code it made before, and a
// code for another window is another code. A code's window is at most a year: a permanent
// credential's code, too, ends a year after it begins.

export const CODE_DIGITS = 6
/** The longest window of one code. */
export const CODE_YEARS = 1

/** The key of `deviceId`'s offline validator at `version`. */
const lockKey = (pinKey: Uint8Array, deviceId: number, version: number) =>
  createHmac('sha256', pinKey).update(`offline-key:${deviceId}:${version}`).digest()

/** The code the lock's algorithm makes for the credential and window. */
export function deriveCode(
  pinKey: Uint8Array,
  code: {
    device_id: number
    key_version: number
    credential_id: number
    code_id: number
    valid_from: Date
    valid_until: Date
  },
): string {
  const mac = createHmac('sha256', lockKey(pinKey, code.device_id, code.key_version))
    .update(
      `${code.credential_id}:${code.code_id}:${code.valid_from.toISOString()}:${code.valid_until.toISOString()}`,
    )
    .digest()
  return String(mac.readUIntBE(0, 6) % 10 ** CODE_DIGITS).padStart(CODE_DIGITS, '0')
}

export interface CodeWindow {
  from: Date
  until: Date
}

/**
 * A code's window for a credential at `at`: from its start (or `at`, to the minute, once it has
 * begun) to its end, at most a year in the place's zone. Null when the credential has ended.
 */
export function codeWindow(
  credential: {
    start_datetime: string | Date
    end_datetime: string | Date | null
    permanent: boolean
  },
  at: Date,
  zone: string,
): CodeWindow | null {
  const start = DateTime.fromJSDate(new Date(credential.start_datetime)).setZone(zone)
  const now = DateTime.fromJSDate(at).setZone(zone).startOf('minute')
  const from = start > now ? start : now
  const year = from.plus({ years: CODE_YEARS })
  const end =
    credential.permanent || credential.end_datetime === null
      ? year
      : DateTime.fromJSDate(new Date(credential.end_datetime)).setZone(zone)
  const until = end < year ? end : year
  if (until <= from) return null
  return { from: from.toJSDate(), until: until.toJSDate() }
}

export interface IssuedCode {
  code_id: number
  digits: string
}

/**
 * Makes the credential's code on the device for the window in the caller's transaction: the
 * credential's earlier codes still honoured are withdrawn (queued on their locks), the new one is
 * recorded with the create_pin audit row and becomes the credential's PIN.
 */
export async function issueCode(
  q: Queryable,
  pinKey: Uint8Array,
  issue: {
    credentialId: number
    organizationId: number
    deviceId: number
    keyVersion: number
    window: CodeWindow
    auditId: number
  },
): Promise<IssuedCode> {
  const old = await q.query<{ code_id: number; device_id: number; credential_id: number }>(
    `update offline_codes o set withdrawn = 'queued'
     where o.credential_id = $1 and o.withdrawn is null
       and o.key_version = (select offline_key_version from devices where device_id = o.device_id)
     returning o.code_id, o.device_id, o.credential_id`,
    [issue.credentialId],
  )
  await queueWithdrawals(q, old)
  const [next] = await q.query<{ id: number }>(
    `select nextval(pg_get_serial_sequence('offline_codes', 'code_id'))::int as id`,
  )
  const codeId = next?.id ?? 0
  const digits = deriveCode(pinKey, {
    device_id: issue.deviceId,
    key_version: issue.keyVersion,
    credential_id: issue.credentialId,
    code_id: codeId,
    valid_from: issue.window.from,
    valid_until: issue.window.until,
  })
  await q.query(
    `insert into offline_codes (code_id, credential_id, organization_id, device_id, key_version,
       digits, valid_from, valid_until, audit_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      codeId,
      issue.credentialId,
      issue.organizationId,
      issue.deviceId,
      issue.keyVersion,
      digits,
      issue.window.from.toISOString(),
      issue.window.until.toISOString(),
      issue.auditId,
    ],
  )
  await q.query('update credentials set pin = $2, updated_at = now() where credential_id = $1', [
    issue.credentialId,
    digits,
  ])
  return { code_id: codeId, digits }
}

/** A code typed at the device: the one its algorithm made with its current key, if any. */
export interface TypedCode {
  code_id: number
  credential_id: number
  user_id: number | null
  email: string | null
  in_window: boolean
}

export async function typedCode(
  q: Queryable,
  pinKey: Uint8Array,
  deviceId: number,
  pin: string,
  at: Date,
): Promise<TypedCode | null> {
  const rows = await q.query<{
    code_id: number
    credential_id: number
    key_version: number
    valid_from: Date
    valid_until: Date
    user_id: number | null
    email: string | null
  }>(
    `select o.code_id, o.credential_id, o.key_version, o.valid_from, o.valid_until,
       c.user_id, u.email
     from offline_codes o join devices d on d.device_id = o.device_id
       left join credentials c on c.credential_id = o.credential_id
       left join users u on u.user_id = c.user_id
     where o.device_id = $1 and o.digits = $2 and o.key_version = d.offline_key_version
       and o.withdrawn is distinct from 'on_lock'
     order by o.valid_until desc`,
    [deviceId, pin],
  )
  for (const row of rows) {
    const from = new Date(row.valid_from)
    const until = new Date(row.valid_until)
    const derived = deriveCode(pinKey, {
      device_id: deviceId,
      key_version: row.key_version,
      credential_id: row.credential_id,
      code_id: row.code_id,
      valid_from: from,
      valid_until: until,
    })
    if (derived !== pin) continue
    return {
      code_id: row.code_id,
      credential_id: row.credential_id,
      user_id: row.user_id,
      email: row.email,
      in_window: from.getTime() <= at.getTime() && at.getTime() < until.getTime(),
    }
  }
  return null
}
