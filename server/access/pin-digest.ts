import { createHmac, randomInt } from 'node:crypto'

// A person's own PIN (decision 066) is kept only as a digest: HMAC-SHA256 with the server's PIN key
// (PIN_KEY, else one made once and kept in `settings`) of the organization and the PIN. A PIN has
// at most a trillion values, so a plain hash would be reversed by trying them all; without the key
// a copy of the database cannot. The organization is part of what is digested, so the same PIN in
// two organizations has two digests, and the unique index (organization, digest) is the PIN's
// uniqueness in its organization.

/** The digest stored for `pin` in the organization, and looked up when it is typed. */
export function pinDigest(key: Uint8Array, organizationId: number, pin: string): string {
  return createHmac('sha256', key).update(`${organizationId}:${pin}`).digest('hex')
}

/** The most digits a PIN has (src/contract/pin-entry.ts, Pin). */
const MAX_DIGITS = 12

/**
 * How long the PINs of an organization of `people` are: four digits more than its size has, at
 * least 6, so a random guess hits someone less than once in 10,000 (8 digits at 10,000 people).
 */
export function pinDigits(people: number): number {
  const size = Math.ceil(Math.log10(Math.max(1, people)))
  return Math.min(MAX_DIGITS, Math.max(6, size + 4))
}

/** A PIN of `digits` digits, each value equally likely; leading zeros are digits too. */
export function randomPin(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0')
}
