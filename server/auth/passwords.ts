import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

// scrypt N=2^17, r=8, p=1 (OWASP's recommendation). Memory is 128·N·r bytes = 128 MiB, above
// node's 32 MiB default maxmem, hence the explicit maxmem. Parameters are stored in the hash, so a
// hash made with a test's low N still verifies and production hashes keep their cost.
const R = 8
const P = 1
const KEY_LENGTH = 32

function derive(password: string, salt: Buffer, logN: number): Promise<Buffer> {
  const N = 2 ** logN
  const options: ScryptOptions = { N, r: R, p: P, maxmem: 256 * N * R }
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  )
}

export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, logN)
  return `scrypt$${logN}$${salt.toString('base64')}$${key.toString('base64')}`
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !logN || !salt || !key) return false
  const expected = Buffer.from(key, 'base64')
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(logN))
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

/**
 * For unknown accounts and accounts without a password: spend the same time as a real check so the
 * answer's timing does not reveal which usernames exist.
 */
export async function burnPasswordCheck(password: string, logN: number): Promise<false> {
  await derive(password, Buffer.alloc(16), logN)
  return false
}
