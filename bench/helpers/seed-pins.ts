import { pinDigest, pinDigits } from '../../server/access/pin-digest'
import type { RunSql } from './seed-users'

/**
 * A PIN for every person of an organization whose people have none yet, as the server makes them
 * (its length for the organization's size, its digest with the server's key), written in one
 * statement rather than 10,000 requests: for benches that type PINs at a keypad. Answers each
 * person's PIN.
 */
export async function seedPins(
  run: RunSql,
  pinKey: Uint8Array,
  organizationId: number,
): Promise<{ user_id: number; pin: string }[]> {
  const people = await run<{ user_id: number }>(
    'select user_id from users where organization_id = $1 order by user_id',
    [organizationId],
  )
  const digits = pinDigits(people.length)
  // Distinct by construction: the k-th person's PIN is k steps of a stride prime to 10^digits.
  const space = 10 ** digits
  const pins = people.map((p, k) => ({
    user_id: p.user_id,
    pin: String((k * 7_919_993 + 1_234_567) % space).padStart(digits, '0'),
  }))
  await run(
    `insert into person_pins (user_id, organization_id, pin_digest, digits)
     select u, $1, d, $2 from unnest($3::int[], $4::text[]) as x(u, d)`,
    [
      organizationId,
      digits,
      pins.map((p) => p.user_id),
      pins.map((p) => pinDigest(pinKey, organizationId, p.pin)),
    ],
  )
  return pins
}
