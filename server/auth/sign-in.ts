import type { Context } from 'hono'
import type { TokenPair } from '../../src/contract/auth'
import type { FactorChallenge, SignInAnswer } from '../../src/contract/mfa'
import type { AppEnv, Services } from '../context'
import type { Queryable } from '../db/database'
import { writeJournal } from '../db/journal'
import { clientAddress, journalSource } from '../http/journal-source'
import { factorState } from './second-factor'
import { MFA_TOKEN_TTL, randomToken, signMfaToken, startSession } from './tokens'

// The end of every sign-in (password, factor step, passkey, a reset or setup link): tokens, or the
// factor step when the person has a factor the proof so far lacks, or must enrol (decision 077).

export interface SignedInUser {
  userId: number
  email: string
  organizationId: number
}

const FACTOR_AMR = new Set(['otp', 'hwk', 'swk'])

/** Whether `amr` includes a second factor (an app's code, a passkey, a recovery code). */
export const hasFactor = (amr: readonly string[]) => amr.some((value) => FACTOR_AMR.has(value))

/** A session begins: its tokens, and the journal's `sign_in` row, in one transaction. */
export async function beginSession(
  s: Services,
  c: Context<AppEnv>,
  user: SignedInUser,
  amr: readonly string[],
  write?: (q: Queryable) => Promise<void>,
): Promise<TokenPair> {
  const now = s.clock.now()
  const ttl = { access: s.options.accessTokenTtl, refresh: s.options.refreshTokenTtl }
  const start = {
    authTime: now,
    amr,
    userAgent: c.req.header('user-agent') ?? null,
    address: clientAddress(c),
  }
  return s.db.tx(async (q) => {
    const pair = await startSession(q, s.jwtKey, user.userId, ttl, start, now)
    await write?.(q)
    // Last, as everywhere: the journal's head is locked from here to the commit.
    await writeJournal(q, journalSource(c, { userId: user.userId, email: user.email }), {
      organizationId: user.organizationId,
      targetType: 'session',
      targetId: user.userId,
      targetName: user.email,
      action: 'sign_in',
      changes: { amr: [null, [...amr]] },
    })
    return pair
  })
}

/**
 * After a proof of identity (`amr`): the factor step when the person has a factor and the proof
 * holds none, enrolment when a policy requires a factor they lack, else a session.
 */
export async function answerSignIn(
  s: Services,
  c: Context<AppEnv>,
  user: SignedInUser,
  amr: readonly string[],
): Promise<SignInAnswer> {
  const state = await factorState(s.db, user.userId)
  const needsFactor = state.methods.length > 0 && !hasFactor(amr)
  const mustEnrol = state.methods.length === 0 && state.required
  if (!needsFactor && !mustEnrol) return beginSession(s, c, user, amr)
  const [row] = await s.db.query<{ session_epoch: number }>(
    'select session_epoch from users where user_id = $1',
    [user.userId],
  )
  const claims = {
    epoch: row?.session_epoch ?? 0,
    sid: randomToken(12),
    authTime: Math.floor(s.clock.now().getTime() / 1000),
    amr,
  }
  const purpose = needsFactor ? 'factor' : 'enrol'
  const challenge: FactorChallenge = {
    second_factor_required: true,
    mfa_token: await signMfaToken(s.jwtKey, user.userId, claims, purpose),
    expires_in: MFA_TOKEN_TTL,
    methods: state.methods,
    enrolment_required: mustEnrol,
  }
  return challenge
}
