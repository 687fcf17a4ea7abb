import { randomInt } from 'node:crypto'
import type { Queryable } from '../db/database'
import { sha256 } from './tokens'

// Recovery codes (decision 077): 10, single-use, shown once. Each is 10 characters of a 31-letter
// alphabet without look-alikes (i, l, o, 0, 1): 49 random bits, so a fast hash is enough: guessing
// one of ten codes takes ~2^45 tries, and the factor step's throttle allows 5 per 15 minutes. A slow hash
// would make the factor step cost what a password check costs.

export const RECOVERY_CODE_COUNT = 10
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

function newCode(): string {
  const letters = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)])
  return `${letters.slice(0, 5).join('')}-${letters.slice(5).join('')}`
}

/** A code as typed: case, spaces and dashes do not matter. */
const normal = (code: string) => code.toLowerCase().replace(/[\s-]+/g, '')

/** Ten new codes for `userId`; every earlier one stops working. */
export async function replaceRecoveryCodes(q: Queryable, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newCode)
  await q.query('delete from recovery_codes where user_id = $1', [userId])
  await q.query('insert into recovery_codes (user_id, code_hash) select $1, unnest($2::text[])', [
    userId,
    codes.map((code) => sha256(normal(code))),
  ])
  return codes
}

/** Uses a code once: true when it was one of the person's unused codes (the row count decides). */
export async function useRecoveryCode(
  q: Queryable,
  userId: number,
  code: string,
  now: Date,
): Promise<boolean> {
  const used = await q.query(
    `update recovery_codes set used_at = $3
     where user_id = $1 and code_hash = $2 and used_at is null returning 1`,
    [userId, sha256(normal(code)), now.toISOString()],
  )
  return used.length > 0
}

export async function recoveryCodesLeft(q: Queryable, userId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    'select count(*)::int as n from recovery_codes where user_id = $1 and used_at is null',
    [userId],
  )
  return row?.n ?? 0
}
