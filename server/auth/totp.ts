import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import type { TotpEnrolment } from '../../src/contract/mfa'
import type { Prepared, Queryable } from '../db/database'
import type { SecretBox } from './secret-box'

// The authenticator app (RFC 6238) through `otpauth` (decision 077): SHA-1, 6 digits, 30 s, as every
// app reads an otpauth URI; ±1 step of drift; a code accepted once.

const ISSUER = 'Access Console'
const PERIOD = 30
const WINDOW = 1

const totpOf = (secret: string, label: string) =>
  new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  })

/**
 * A new pending secret for `userId` (replacing a pending one; a confirmed app stays until the new
 * one is confirmed), sealed at rest; answers what the person needs to add it to an app.
 */
export async function startTotp(
  q: Queryable,
  box: SecretBox,
  user: { userId: number; email: string },
  now: Date,
): Promise<TotpEnrolment> {
  const secret = new Secret({ size: 20 }).base32
  await q.query(
    `insert into pending_totp (user_id, secret, created_at) values ($1, $2, $3)
     on conflict (user_id) do update set secret = excluded.secret, created_at = excluded.created_at`,
    [user.userId, box.seal(secret, user.userId), now.toISOString()],
  )
  const uri = totpOf(secret, user.email).toString()
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
  return { secret, otpauth_uri: uri, qr_svg: svg }
}

/** The time step a code is valid for at `now`, or null: `secret` is base32. */
function stepOf(secret: string, code: string, now: Date): number | null {
  const token = code.replace(/\s+/g, '')
  if (!/^\d{6}$/.test(token)) return null
  const delta = totpOf(secret, '').validate({ token, timestamp: now.getTime(), window: WINDOW })
  return delta === null ? null : Math.floor(now.getTime() / 1000 / PERIOD) + delta
}

/**
 * Confirms the pending secret with its first code: it becomes the person's app (replacing an earlier
 * one). False for a wrong code. The step is recorded, so the same code cannot then sign in.
 */
export async function confirmTotp(
  q: Queryable,
  box: SecretBox,
  userId: number,
  code: string,
  now: Date,
): Promise<boolean> {
  const [pending] = await q.query<{ secret: string }>(
    'select secret from pending_totp where user_id = $1 for update',
    [userId],
  )
  const secret = pending ? box.open(pending.secret, userId) : null
  const step = secret === null ? null : stepOf(secret, code, now)
  if (step === null || !pending) return false
  await q.query('delete from pending_totp where user_id = $1', [userId])
  await q.query(
    `insert into totp_factors (user_id, secret, created_at, last_step) values ($1, $2, $3, $4)
     on conflict (user_id) do update set secret = excluded.secret,
       created_at = excluded.created_at, last_used_at = null, last_step = excluded.last_step`,
    [userId, pending.secret, now.toISOString(), step],
  )
  return true
}

// Prepared: every sign-in with an app runs both, by key (server/db/database.ts, Prepared).
const secretSql: Prepared = {
  name: 'totp_secret',
  text: 'select secret from totp_factors where user_id = $1',
}
const takeStepSql: Prepared = {
  name: 'totp_take_step',
  text: `update totp_factors set last_step = $2, last_used_at = $3
         where user_id = $1 and (last_step is null or last_step < $2) returning 1`,
}

/**
 * Whether `code` is a valid code of the person's app not used before: the conditional update on
 * `last_step` lets each step in once, on any server (a replay within its window is refused, and so
 * is an older step once a newer one was used).
 */
export async function checkTotp(
  q: Queryable,
  box: SecretBox,
  userId: number,
  code: string,
  now: Date,
): Promise<boolean> {
  const [factor] = await q.query<{ secret: string }>(secretSql, [userId])
  const secret = factor ? box.open(factor.secret, userId) : null
  const step = secret === null ? null : stepOf(secret, code, now)
  if (step === null) return false
  const taken = await q.query(takeStepSql, [userId, step, now.toISOString()])
  return taken.length > 0
}
