import { createHash, randomBytes } from 'node:crypto'
import { SignJWT, jwtVerify } from 'jose'
import type { TokenPair } from '../../src/contract/auth'
import type { Queryable } from '../db/database'

const ISSUER = 'access-console'
const AUDIENCE = 'access-console-api'

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url')

export async function signAccessToken(key: Uint8Array, userId: number, ttl: number) {
  return new SignJWT({ typ: 'access' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setJti(randomToken(9))
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
    .sign(key)
}

/** The user id of a valid, unexpired access token, or null. */
export async function verifyAccessToken(key: Uint8Array, token: string): Promise<number | null> {
  try {
    const { payload } = await jwtVerify(token, key, {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    })
    const id = Number(payload.sub)
    return payload.typ === 'access' && Number.isInteger(id) && id > 0 ? id : null
  } catch {
    return null
  }
}

/**
 * A refresh token is `<token_id>.<secret>`; only the secret's hash is stored. Every token belongs to
 * a family started at login; rotation keeps the family and its absolute expiry.
 */
export async function issueTokenPair(
  q: Queryable,
  key: Uint8Array,
  userId: number,
  ttl: { access: number; refresh: number },
  family?: { id: string; expiresAt: string },
): Promise<TokenPair> {
  const tokenId = randomToken(12)
  const secret = randomToken(32)
  const familyId = family?.id ?? randomToken(12)
  const expiresAt = family?.expiresAt ?? new Date(Date.now() + ttl.refresh * 1000).toISOString()
  await q.query(
    `insert into refresh_tokens (token_id, family_id, user_id, secret_hash, family_expires_at)
     values ($1, $2, $3, $4, $5)`,
    [tokenId, familyId, userId, sha256(secret), expiresAt],
  )
  return {
    access_token: await signAccessToken(key, userId, ttl.access),
    refresh_token: `${tokenId}.${secret}`,
    token_type: 'bearer',
    expires_in: ttl.access,
  }
}

type RotateOutcome =
  | { ok: true; pair: TokenPair }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'replayed' | 'disabled' }

/** Rotates a refresh token. A token used twice revokes its whole family (theft detection). */
export async function rotateRefreshToken(
  q: Queryable,
  key: Uint8Array,
  token: string,
  ttl: { access: number; refresh: number },
): Promise<RotateOutcome> {
  const [tokenId, secret] = token.split('.')
  if (!tokenId || !secret) return { ok: false, reason: 'unknown' }
  const [row] = await q.query<{
    family_id: string
    user_id: number
    secret_hash: string
    family_expires_at: string
    used_at: string | null
    revoked_at: string | null
    disabled: boolean
  }>(
    `select t.family_id, t.user_id, t.secret_hash, t.family_expires_at, t.used_at, t.revoked_at,
            u.disabled
     from refresh_tokens t join users u using (user_id)
     where t.token_id = $1 for update of t`,
    [tokenId],
  )
  if (!row || row.secret_hash !== sha256(secret)) return { ok: false, reason: 'unknown' }
  if (row.revoked_at) return { ok: false, reason: 'revoked' }
  if (row.used_at) {
    await q.query(
      'update refresh_tokens set revoked_at = now() where family_id = $1 and revoked_at is null',
      [row.family_id],
    )
    return { ok: false, reason: 'replayed' }
  }
  if (Date.parse(row.family_expires_at) <= Date.now()) return { ok: false, reason: 'expired' }
  if (row.disabled) return { ok: false, reason: 'disabled' }
  await q.query('update refresh_tokens set used_at = now() where token_id = $1', [tokenId])
  const pair = await issueTokenPair(q, key, row.user_id, ttl, {
    id: row.family_id,
    expiresAt: new Date(Date.parse(row.family_expires_at)).toISOString(),
  })
  return { ok: true, pair }
}

/** Single-use link tokens for password reset and invites; only the hash is stored. */
export async function createPasswordToken(
  q: Queryable,
  userId: number,
  purpose: 'reset' | 'invite',
  ttlSeconds: number,
): Promise<string> {
  const token = randomToken(32)
  await q.query(
    `insert into password_tokens (token_hash, user_id, purpose, expires_at)
     values ($1, $2, $3, now() + $4 * interval '1 second')`,
    [sha256(token), userId, purpose, ttlSeconds],
  )
  return token
}

/** Marks the token used and answers its user, or null when unknown, used or expired. */
export async function consumePasswordToken(q: Queryable, token: string): Promise<number | null> {
  const [row] = await q.query<{ user_id: number }>(
    `update password_tokens set used_at = now()
     where token_hash = $1 and used_at is null and expires_at > now()
     returning user_id`,
    [sha256(token)],
  )
  return row?.user_id ?? null
}
