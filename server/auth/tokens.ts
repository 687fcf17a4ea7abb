import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { SignJWT } from 'jose'
import type { TokenPair } from '../../src/contract/auth'
import { amrValues } from '../../src/contract/mfa'
import type { Prepared, Queryable } from '../db/database'

const ISSUER = 'access-console'
const AUDIENCE = 'access-console-api'

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')
export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url')

/**
 * What an access token says beyond its subject. `ses` is the user's session generation
 * (users.session_epoch): a password reset raises it, so every access token issued before the reset
 * stops working at once (ASVS 5.0 7.4.1, 7.4.3). `sid` is the session (the refresh-token family):
 * ending it stops its access tokens within PRINCIPAL_CACHE_MS. `auth_time` (seconds) and `amr`
 * (RFC 8176) say when and how the person last proved who they are: the step-up check reads them
 * (decision 077).
 */
export interface SessionClaims {
  epoch: number
  sid: string
  authTime: number
  amr: readonly string[]
}

/** A session's token of `typ` (with `extra` claims), for `userId`, good for `ttl` seconds. */
function signSessionToken(
  key: Uint8Array,
  userId: number,
  session: SessionClaims,
  ttl: number,
  claims: { typ: 'access' } | { typ: 'mfa'; purpose: MfaPurpose },
) {
  return new SignJWT({
    ...claims,
    ses: session.epoch,
    sid: session.sid,
    auth_time: session.authTime,
    amr: [...session.amr],
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setJti(randomToken(9))
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttl)
    .sign(key)
}

export async function signAccessToken(
  key: Uint8Array,
  userId: number,
  session: SessionClaims,
  ttl: number,
) {
  return signSessionToken(key, userId, session, ttl, { typ: 'access' })
}

export interface AccessClaims extends SessionClaims {
  userId: number
}

const SUBJECT = /^[1-9]\d{0,9}$/
const SEGMENT = /^[A-Za-z0-9_-]+$/

/** A base64url segment's JSON if it is a JSON object; null for anything else. */
function jsonObject(segment: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'))
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null
  } catch {
    return null
  }
}

/**
 * The claims of a valid, unexpired access token, or null. The token must be a compact JWS whose
 * header is `{"alg":"HS256"}` (`typ: "JWT"` allowed, nothing else: no `crit`, no other algorithm)
 * and whose signature is the key's HMAC-SHA256 of its first two segments, compared in constant
 * time. `exp` (in the future), `iat`, `iss`, `aud`, an exact decimal `sub`, `typ: "access"`, an
 * integer `ses`, a `sid`, an integer `auth_time` and a non-empty `amr` of RFC 8176 values are
 * required, and an `nbf` must have passed: a token without an expiry or with
 * `sub: "1.0e0"` is refused even when signed with the real key (ASVS 5.0 9.2.1, 9.2.3).
 *
 * Synchronous, with node:crypto: every API request checks a token, and WebCrypto's HMAC (which
 * `jose` verifies with) runs on the thread pool. That hand-off made the check take 1–35 ms while a
 * browser kept this machine's two cores busy.
 */
export function verifyAccessToken(key: Uint8Array, token: string): AccessClaims | null {
  const payload = verifiedPayload(key, token)
  return payload === null ? null : sessionClaims(payload, 'access')
}

const AMR = new Set<string>(amrValues)
const SID = /^[A-Za-z0-9_-]{8,64}$/

function sessionClaims(
  payload: Record<string, unknown>,
  type: 'access' | 'mfa',
): AccessClaims | null {
  const { sub, typ, ses, sid, auth_time, amr } = payload
  if (typ !== type || typeof sub !== 'string' || !SUBJECT.test(sub)) return null
  if (typeof ses !== 'number' || !Number.isInteger(ses)) return null
  if (typeof sid !== 'string' || !SID.test(sid)) return null
  if (typeof auth_time !== 'number' || !Number.isInteger(auth_time)) return null
  if (!Array.isArray(amr) || amr.length === 0) return null
  if (!amr.every((value): value is string => typeof value === 'string' && AMR.has(value)))
    return null
  const userId = Number(sub)
  if (userId > 2_147_483_647) return null
  return { userId, epoch: ses, sid, authTime: auth_time, amr }
}

/** The signed, unexpired, well-formed payload of a compact HS256 JWS of ours, or null. */
function verifiedPayload(key: Uint8Array, token: string): Record<string, unknown> | null {
  const parts = token.split('.')
  if (parts.length !== 3 || !parts.every((part) => SEGMENT.test(part))) return null
  const [header, body, signature] = parts as [string, string, string]
  const expected = Buffer.from(
    createHmac('sha256', key).update(`${header}.${body}`).digest('base64url'),
  )
  const given = Buffer.from(signature)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  const protectedHeader = jsonObject(header)
  if (protectedHeader === null || protectedHeader.alg !== 'HS256') return null
  const headerKeys = Object.keys(protectedHeader)
  if (
    !headerKeys.every((name) => name === 'alg' || (name === 'typ' && protectedHeader.typ === 'JWT'))
  )
    return null
  const payload = jsonObject(body)
  if (payload === null) return null
  const { exp, iat, nbf, iss, aud } = payload
  const now = Math.floor(Date.now() / 1000)
  if (typeof exp !== 'number' || exp <= now) return null
  if (typeof iat !== 'number') return null
  if (nbf !== undefined && (typeof nbf !== 'number' || nbf > now)) return null
  if (iss !== ISSUER) return null
  if (aud !== AUDIENCE && !(Array.isArray(aud) && aud.includes(AUDIENCE))) return null
  return payload
}

/**
 * The factor step's token (decision 077): the password was right, and it allows only the second
 * step (`purpose: "factor"`) or enrolment (`"enrol"`). Its `sid` is the session the sign-in will
 * start; `amr` says what the password step proved.
 */
export type MfaPurpose = 'factor' | 'enrol'
export const MFA_TOKEN_TTL = 300

export async function signMfaToken(
  key: Uint8Array,
  userId: number,
  session: SessionClaims,
  purpose: MfaPurpose,
) {
  return signSessionToken(key, userId, session, MFA_TOKEN_TTL, { typ: 'mfa', purpose })
}

export function verifyMfaToken(
  key: Uint8Array,
  token: string,
): (AccessClaims & { purpose: MfaPurpose }) | null {
  const payload = verifiedPayload(key, token)
  if (payload === null) return null
  const claims = sessionClaims(payload, 'mfa')
  const { purpose } = payload
  if (claims === null || (purpose !== 'factor' && purpose !== 'enrol')) return null
  return { ...claims, purpose }
}

/** How a session began: when and how the person proved who they are, from what and where. */
export interface SessionStart {
  authTime: Date
  amr: readonly string[]
  userAgent: string | null
  address: string | null
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000)

// Prepared, as every statement of a sign-in: by key (server/db/database.ts, Prepared).
const refreshSql: Prepared = {
  name: 'refresh_token_insert',
  text: `insert into refresh_tokens (token_id, family_id, user_id, secret_hash, family_expires_at)
         values ($1, $2, $3, $4, $5)`,
}
// The session's row and its first refresh token, in one statement: it answers what the token's
// claims need (a factor step on the embedded database waits its turn for each statement). It also
// ends the person's sessions begun longer than a refresh token lives ago (their families have
// lapsed; "Your sessions" shows them no more): the caller's list of live sessions, read with every
// cache miss (principal.ts), holds a refresh lifetime's sign-ins, not every one since the account
// began. The database's clock, as the families' expiry is the real time's: a test that moves the
// server's clock (CLOCK=settable) ends no session by it.
const sessionSql: Prepared = {
  name: 'session_start',
  text: `with lapsed as (
           update sessions set ended_at = $5
           where user_id = $2 and ended_at is null
             and first_seen < now() - $8::int * interval '1 second'),
         begun as (
           insert into sessions (session_id, user_id, user_agent, address, first_seen, last_seen,
             auth_time, amr)
           values ($1, $2, $3, $4, $5, $5, $6, $7)
           returning auth_time, amr),
         token as (
           insert into refresh_tokens (token_id, family_id, user_id, secret_hash, family_expires_at)
           values ($9, $1, $2, $10, $11))
         select auth_time, amr, (select session_epoch from users where user_id = $2) as session_epoch
         from begun`,
}

/**
 * Starts a session (decision 077): its row in `sessions` and the first token pair of its
 * refresh-token family. `now` is the server's clock (services.clock).
 */
export async function startSession(
  q: Queryable,
  key: Uint8Array,
  userId: number,
  ttl: { access: number; refresh: number },
  start: SessionStart,
  now: Date,
): Promise<TokenPair> {
  const family = {
    id: randomToken(12),
    expiresAt: new Date(Date.now() + ttl.refresh * 1000).toISOString(),
  }
  const refresh = newRefreshToken()
  const [row] = await q.query<FamilyClaims>(sessionSql, [
    family.id,
    userId,
    start.userAgent?.slice(0, 512) ?? null,
    start.address,
    now.toISOString(),
    start.authTime.toISOString(),
    [...start.amr],
    ttl.refresh,
    refresh.id,
    sha256(refresh.secret),
    family.expiresAt,
  ])
  if (!row) throw new Error('session not written')
  return pairOf(key, userId, ttl, family.id, row, refresh)
}

interface FamilyClaims {
  session_epoch: number
  auth_time: Date
  amr: string[]
}

/**
 * A refresh token is `<token_id>.<secret>`; only the secret's hash is stored. Every token belongs to
 * a family started at sign-in (a session, `sid`); rotation keeps the family, its absolute expiry
 * and its `auth_time` and `amr`: a refresh is no fresh check.
 */
export async function issueTokenPair(
  q: Queryable,
  key: Uint8Array,
  userId: number,
  ttl: { access: number; refresh: number },
  family: { id: string; expiresAt: string },
  now: Date,
): Promise<TokenPair> {
  const [row] = await q.query<FamilyClaims>(
    `with seen as (update sessions set last_seen = $2 where session_id = $1
                   returning auth_time, amr)
     select u.session_epoch, seen.auth_time, seen.amr from users u, seen where u.user_id = $3`,
    [family.id, now.toISOString(), userId],
  )
  if (!row) throw new Error('session missing')
  const refresh = newRefreshToken()
  await q.query(refreshSql, [
    refresh.id,
    family.id,
    userId,
    sha256(refresh.secret),
    family.expiresAt,
  ])
  return pairOf(key, userId, ttl, family.id, row, refresh)
}

/** A family's next refresh token: only its secret's hash is stored. */
const newRefreshToken = () => ({ id: randomToken(12), secret: randomToken(32) })

/** The token pair of a stored refresh token: an access token with the family's claims. */
async function pairOf(
  key: Uint8Array,
  userId: number,
  ttl: { access: number; refresh: number },
  familyId: string,
  row: FamilyClaims,
  refresh: { id: string; secret: string },
): Promise<TokenPair> {
  const claims = {
    epoch: row.session_epoch,
    sid: familyId,
    authTime: seconds(new Date(row.auth_time)),
    amr: row.amr,
  }
  return {
    access_token: await signAccessToken(key, userId, claims, ttl.access),
    refresh_token: `${refresh.id}.${refresh.secret}`,
    token_type: 'bearer',
    expires_in: ttl.access,
  }
}

type RotateOutcome =
  | { ok: true; pair: TokenPair }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'replayed' | 'disabled' }

/**
 * Rotates a refresh token. A token used twice revokes its whole family (theft detection); a token
 * of an ended session (or of one begun before sessions were kept, migration 031) is refused.
 */
export async function rotateRefreshToken(
  q: Queryable,
  key: Uint8Array,
  token: string,
  ttl: { access: number; refresh: number },
  now: Date,
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
    live: boolean
  }>(
    `select t.family_id, t.user_id, t.secret_hash, t.family_expires_at, t.used_at, t.revoked_at,
            u.disabled,
            exists (select 1 from sessions s where s.session_id = t.family_id
                      and s.ended_at is null) as live
     from refresh_tokens t join users u using (user_id)
     where t.token_id = $1 for update of t`,
    [tokenId],
  )
  if (!row || row.secret_hash !== sha256(secret)) return { ok: false, reason: 'unknown' }
  if (row.revoked_at || !row.live) return { ok: false, reason: 'revoked' }
  if (row.used_at) {
    await endFamily(q, row.family_id, now)
    return { ok: false, reason: 'replayed' }
  }
  if (Date.parse(row.family_expires_at) <= Date.now()) return { ok: false, reason: 'expired' }
  if (row.disabled) return { ok: false, reason: 'disabled' }
  await q.query('update refresh_tokens set used_at = now() where token_id = $1', [tokenId])
  const pair = await issueTokenPair(
    q,
    key,
    row.user_id,
    ttl,
    { id: row.family_id, expiresAt: new Date(Date.parse(row.family_expires_at)).toISOString() },
    now,
  )
  return { ok: true, pair }
}

/** Ends a session: its row says when, and every refresh token of its family is revoked. */
export async function endFamily(q: Queryable, familyId: string, now: Date): Promise<boolean> {
  await q.query(
    'update refresh_tokens set revoked_at = now() where family_id = $1 and revoked_at is null',
    [familyId],
  )
  const ended = await q.query(
    'update sessions set ended_at = $2 where session_id = $1 and ended_at is null returning 1',
    [familyId, now.toISOString()],
  )
  return ended.length > 0
}

/**
 * Ends the session a refresh token belongs to: it and every token of its family are revoked.
 * Answers the account when a live session ended, null when the token was unknown or already dead.
 */
export async function revokeRefreshFamily(
  q: Queryable,
  token: string,
  now: Date,
): Promise<{ userId: number; email: string; organizationId: number } | null> {
  const [tokenId, secret] = token.split('.')
  if (!tokenId || !secret) return null
  const [row] = await q.query<{
    family_id: string
    secret_hash: string
    user_id: number
    email: string
    organization_id: number
  }>(
    `select t.family_id, t.secret_hash, u.user_id, u.email, u.organization_id
     from refresh_tokens t join users u using (user_id)
     where t.token_id = $1 and t.revoked_at is null for update of t`,
    [tokenId],
  )
  if (!row || row.secret_hash !== sha256(secret)) return null
  await endFamily(q, row.family_id, now)
  return { userId: row.user_id, email: row.email, organizationId: row.organization_id }
}

/**
 * Single-use link tokens for password reset and invites; only the hash is stored. A new link ends
 * the user's earlier ones, and a link belongs to the address it was sent to (`sentTo` on
 * `channel`): once the user's address changes, it no longer works (ASVS 5.0 6.4.1, 6.4.3).
 */
export async function createPasswordToken(
  q: Queryable,
  link: {
    userId: number
    purpose: 'reset' | 'invite'
    ttlSeconds: number
    channel: 'email' | 'sms'
    sentTo: string
  },
): Promise<string> {
  const token = randomToken(32)
  await q.query(
    'update password_tokens set used_at = now() where user_id = $1 and used_at is null',
    [link.userId],
  )
  await q.query(
    `insert into password_tokens (token_hash, user_id, purpose, expires_at, channel, sent_to)
     values ($1, $2, $3, now() + $4 * interval '1 second', $5, $6)`,
    [sha256(token), link.userId, link.purpose, link.ttlSeconds, link.channel, link.sentTo],
  )
  return token
}

// A usable link: unused, unexpired, its user active and still at the address it was sent to.
const usableLink = `t.token_hash = $1 and t.used_at is null and t.expires_at > now()
  and u.user_id = t.user_id and not u.disabled
  and case t.channel when 'email' then lower(t.sent_to) = lower(u.email)
                     else t.sent_to = u.phone_number end`

/**
 * Claims a usable link for one use that is about to hash the new password; null when the link is
 * unusable or another use holds the claim. The row count decides, so parallel uses cannot both pass.
 */
export async function claimPasswordToken(q: Queryable, token: string): Promise<number | null> {
  const [row] = await q.query<{ user_id: number }>(
    `update password_tokens t set claimed_until = now() + interval '30 seconds'
       from users u
      where ${usableLink} and (t.claimed_until is null or t.claimed_until < now())
      returning t.user_id`,
    [sha256(token)],
  )
  return row?.user_id ?? null
}

/** Gives a claimed link back when its use could not go on (the hashing queue was full). */
export async function releasePasswordToken(q: Queryable, token: string): Promise<void> {
  await q.query('update password_tokens set claimed_until = null where token_hash = $1', [
    sha256(token),
  ])
}

/**
 * Marks a usable link used and answers its user and the channel it came by (which address its use
 * proves); null when unknown, used, expired or stale.
 */
export async function consumePasswordToken(
  q: Queryable,
  token: string,
): Promise<{ userId: number; channel: 'email' | 'sms' } | null> {
  const [row] = await q.query<{ user_id: number; channel: 'email' | 'sms' }>(
    `update password_tokens t set used_at = now() from users u where ${usableLink}
     returning t.user_id, t.channel`,
    [sha256(token)],
  )
  return row ? { userId: row.user_id, channel: row.channel } : null
}
