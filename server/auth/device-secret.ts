import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import { HttpError } from '../http/errors'

// A keypad calls pin-entry with its own secret (decision 066): `Authorization: Device <secret>`.
// The secret is 32 random bytes, made by the server and shown once; the database keeps its SHA-256.
// A slow hash (scrypt, as for passwords) guards secrets people choose, which can be guessed; 256
// random bits cannot be, so one SHA-256 keeps a database reader from using the secret and costs a
// keypad's every PIN nothing.

const SECRET = /^[A-Za-z0-9_-]{43}$/
const DEVICE_SCHEME = /^Device\s+(\S*)$/i

/** A new secret: 32 random bytes, base64url (43 characters). */
export const newDeviceSecret = (): string => randomBytes(32).toString('base64url')

/** What the database keeps of a secret. */
export const secretHash = (secret: string): string =>
  createHash('sha256').update(secret).digest('hex')

/** Whether the request names the Device scheme (its secret is checked by the route). */
export const callsAsDevice = (c: Context): boolean =>
  DEVICE_SCHEME.test(c.req.header('authorization') ?? '')

const refused = () =>
  new HttpError(401, 'invalid_token', 'The device secret is not valid.', undefined, {
    'WWW-Authenticate': 'Device',
  })

/**
 * Throws 401 unless the request's Device secret is the one whose hash the device keeps (none kept:
 * no secret opens it), compared in constant time.
 */
export function checkDeviceSecret(c: Context, kept: string | null): void {
  const given = DEVICE_SCHEME.exec(c.req.header('authorization') ?? '')?.[1] ?? ''
  if (kept === null || !SECRET.test(given)) throw refused()
  const a = Buffer.from(secretHash(given), 'hex')
  const b = Buffer.from(kept, 'hex')
  if (a.length !== b.length || !timingSafeEqual(a, b)) throw refused()
}
