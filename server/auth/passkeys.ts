import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { PasskeyOptions, WebAuthnJson } from '../../src/contract/mfa'
import type { Queryable } from '../db/database'
import { randomToken } from './tokens'

// Passkeys through @simplewebauthn/server (decision 077). The relying party is PUBLIC_URL: its host
// is the RP id and its origin the only origin accepted. Challenges live in the database, each good
// once for two minutes, so the answer may reach any server.

export type ChallengePurpose = 'register' | 'sign_in' | 'factor' | 'step_up'
const CHALLENGE_SECONDS = 120
const RP_NAME = 'Access Console'

export interface RelyingParty {
  id: string
  origin: string
}

export const relyingPartyOf = (publicUrl: string): RelyingParty => {
  const url = new URL(publicUrl)
  return { id: url.hostname, origin: url.origin }
}

async function keepChallenge(
  q: Queryable,
  challenge: string,
  userId: number | null,
  purpose: ChallengePurpose,
  now: Date,
): Promise<string> {
  const challengeId = randomToken(16)
  await q.query(
    `insert into webauthn_challenges (challenge_id, challenge, user_id, purpose, expires_at)
     values ($1, $2, $3, $4, $5)`,
    [
      challengeId,
      challenge,
      userId,
      purpose,
      new Date(now.getTime() + CHALLENGE_SECONDS * 1000).toISOString(),
    ],
  )
  // Old challenges go as new ones come: nothing else reads them.
  await q.query('delete from webauthn_challenges where expires_at < $1', [now.toISOString()])
  return challengeId
}

/** Takes a challenge for one use: its text, when it is unused, unexpired and for this purpose. */
async function takeChallenge(
  q: Queryable,
  challengeId: string,
  purpose: ChallengePurpose,
  userId: number | null,
  now: Date,
): Promise<string | null> {
  const [row] = await q.query<{ challenge: string }>(
    `update webauthn_challenges set used_at = $4
     where challenge_id = $1 and purpose = $2 and user_id is not distinct from $3
       and used_at is null and expires_at > $4
     returning challenge`,
    [challengeId, purpose, userId, now.toISOString()],
  )
  return row?.challenge ?? null
}

export async function registrationOptions(
  q: Queryable,
  rp: RelyingParty,
  user: { userId: number; email: string; name: string },
  now: Date,
): Promise<PasskeyOptions> {
  const held = await q.query<{ credential_id: string; transports: string[] }>(
    'select credential_id, transports from passkeys where user_id = $1',
    [user.userId],
  )
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(`user-${user.userId}`),
    attestationType: 'none',
    excludeCredentials: held.map((p) => ({
      id: p.credential_id,
      transports: p.transports,
    })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  })
  const challengeId = await keepChallenge(q, options.challenge, user.userId, 'register', now)
  return { challenge_id: challengeId, options: { ...options } }
}

/** Verifies a registration and keeps the passkey; its id, or null when the proof fails. */
export async function registerPasskey(
  q: Queryable,
  rp: RelyingParty,
  userId: number,
  input: { challenge_id: string; name: string; response: WebAuthnJson },
  now: Date,
): Promise<number | null> {
  const challenge = await takeChallenge(q, input.challenge_id, 'register', userId, now)
  if (challenge === null) return null
  const verified = await verifyRegistrationResponse({
    // The library checks every field of the response; the contract passes it through unchanged.
    response: input.response as unknown as RegistrationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: false,
  }).catch(() => null)
  if (!verified?.verified) return null
  const { credential } = verified.registrationInfo
  const [row] = await q.query<{ passkey_id: number }>(
    `insert into passkeys (user_id, credential_id, public_key, counter, transports, name, created_at)
     values ($1, $2, $3, $4, $5, $6, $7) on conflict (credential_id) do nothing
     returning passkey_id`,
    [
      userId,
      credential.id,
      Buffer.from(credential.publicKey),
      credential.counter,
      credential.transports ?? [],
      input.name.trim(),
      now.toISOString(),
    ],
  )
  return row?.passkey_id ?? null
}

/**
 * Options to prove a passkey: `userId` null for a passwordless sign-in (any passkey the browser
 * holds for this site), else that person's passkeys.
 */
export async function authenticationOptions(
  q: Queryable,
  rp: RelyingParty,
  userId: number | null,
  purpose: Exclude<ChallengePurpose, 'register'>,
  now: Date,
): Promise<PasskeyOptions> {
  const held =
    userId === null
      ? []
      : await q.query<{ credential_id: string; transports: string[] }>(
          'select credential_id, transports from passkeys where user_id = $1',
          [userId],
        )
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: held.map((p) => ({
      id: p.credential_id,
      transports: p.transports,
    })),
    userVerification: 'preferred',
  })
  const challengeId = await keepChallenge(q, options.challenge, userId, purpose, now)
  return { challenge_id: challengeId, options: { ...options } }
}

/**
 * Verifies an assertion for a challenge of `purpose` (for `userId`, or anyone's passkey when null):
 * the passkey's owner and the RFC 8176 methods it proved, or null. The counter is kept; a counter
 * that went back is a cloned authenticator and refused by the library.
 */
export async function provePasskey(
  q: Queryable,
  rp: RelyingParty,
  input: { challenge_id: string; response: WebAuthnJson },
  purpose: Exclude<ChallengePurpose, 'register'>,
  userId: number | null,
  now: Date,
): Promise<{ userId: number; amr: string[] } | null> {
  const challenge = await takeChallenge(q, input.challenge_id, purpose, userId, now)
  const credentialId = input.response.id
  if (challenge === null || typeof credentialId !== 'string') return null
  const [passkey] = await q.query<{
    passkey_id: number
    user_id: number
    public_key: Buffer
    counter: string
    transports: string[]
  }>(
    `select passkey_id, user_id, public_key, counter, transports from passkeys
     where credential_id = $1 and ($2::int is null or user_id = $2) for update`,
    [credentialId, userId],
  )
  if (!passkey) return null
  const verified = await verifyAuthenticationResponse({
    response: input.response as unknown as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: credentialId,
      publicKey: new Uint8Array(passkey.public_key),
      counter: Number(passkey.counter),
      transports: passkey.transports,
    },
    requireUserVerification: false,
  }).catch(() => null)
  if (!verified?.verified) return null
  await q.query('update passkeys set counter = $2, last_used_at = $3 where passkey_id = $1', [
    passkey.passkey_id,
    verified.authenticationInfo.newCounter,
    now.toISOString(),
  ])
  const amr = verified.authenticationInfo.userVerified ? ['hwk', 'user'] : ['hwk']
  return { userId: passkey.user_id, amr }
}
