import { createHmac, timingSafeEqual } from 'node:crypto'
import { randomToken } from './tokens'

/**
 * OWASP's "device cookies": a successful sign-in leaves a signed cookie naming the account. A
 * client that presents it for that account has its own sign-in budget, so strangers guessing the
 * password lock themselves out, not the owner (ASVS 5.0 6.1.1, 6.3.1).
 * It is no credential: the password is still checked.
 */
export const DEVICE_COOKIE = 'ac_device'
const MAX_AGE = 180 * 24 * 3600

export interface Device {
  userId: number
  nonce: string
}

const sign = (key: Uint8Array, payload: string) =>
  createHmac('sha256', key).update(`device-cookie:${payload}`).digest('base64url')

/** The device named by a `Cookie` header, when its signature holds. */
export function readDevice(key: Uint8Array, header: string | undefined): Device | null {
  const raw = (header ?? '')
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${DEVICE_COOKIE}=`))
    ?.slice(DEVICE_COOKIE.length + 1)
  const match = /^v1\.([1-9]\d{0,9})\.([\w-]{16,64})\.([\w-]{43})$/.exec(raw ?? '')
  if (!match) return null
  const [, id, nonce, signature] = match
  if (!id || !nonce || !signature) return null
  const expected = Buffer.from(sign(key, `v1.${id}.${nonce}`))
  const actual = Buffer.from(signature)
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return null
  return { userId: Number(id), nonce }
}

/** A Set-Cookie value for `userId`, keeping `nonce` when the client already had one. */
export function deviceCookie(
  key: Uint8Array,
  userId: number,
  secure: boolean,
  nonce = randomToken(18),
): string {
  const payload = `v1.${userId}.${nonce}`
  return [
    `${DEVICE_COOKIE}=${payload}.${sign(key, payload)}`,
    'Path=/auth/v1/token',
    `Max-Age=${MAX_AGE}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ')
}
