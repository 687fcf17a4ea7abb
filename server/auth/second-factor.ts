import type { FactorMethod, MfaPolicy } from '../../src/contract/mfa'
import type { Queryable } from '../db/database'
import { demoUsers } from '../db/seed-data'

// Who has which second factor, and who must have one (decision 077).

/** What a fresh install outside demo mode requires a factor of: whoever administers people or
 * organizations, or releases lockdowns (decision 021: permissions held, not role labels). */
export const PRODUCTION_REQUIRED_FOR = [
  'users:update',
  'users:update:org',
  'organizations:update',
  'organizations:update:org',
  'lockdown:release',
  'lockdown:release:org',
] as const

/**
 * The global policy's row, made once at start: on for administrators unless in demo mode. Servers
 * starting together on one database both try: the unique index keeps the first, the other's insert
 * does nothing.
 */
export async function ensureGlobalPolicy(q: Queryable, demoMode: boolean): Promise<void> {
  await q.query(
    `insert into mfa_policies (organization_id, required_for) select null, $1
     where not exists (select 1 from mfa_policies where organization_id is null)
     on conflict do nothing`,
    [demoMode ? [] : [...PRODUCTION_REQUIRED_FOR]],
  )
}

export interface FactorState {
  methods: FactorMethod[]
  /** Whether a policy requires a factor of this person. */
  required: boolean
  /** Whether their organization lets them sign in with a passkey alone. */
  passwordless: boolean
}

/**
 * The methods a person has (an app, passkeys, unused recovery codes: a code alone is no factor,
 * it stands in for one) and whether a policy, global or their organization's, requires one.
 */
export async function factorState(q: Queryable, userId: number): Promise<FactorState> {
  const [row] = await q.query<{
    totp: boolean
    passkeys: boolean
    recovery: boolean
    required: boolean
    passwordless: boolean
  }>(
    `select exists (select 1 from totp_factors where user_id = u.user_id) as totp,
            exists (select 1 from passkeys where user_id = u.user_id) as passkeys,
            exists (select 1 from recovery_codes where user_id = u.user_id and used_at is null)
              as recovery,
            exists (select 1 from mfa_policies m
                    where (m.organization_id is null or m.organization_id = u.organization_id)
                      and m.required_for && u.permissions) as required,
            coalesce((select passwordless_passkeys from mfa_policies
                      where organization_id = u.organization_id), false) as passwordless
     from users u where u.user_id = $1`,
    [userId],
  )
  if (!row) return { methods: [], required: false, passwordless: false }
  const methods: FactorMethod[] = []
  if (row.totp) methods.push('totp')
  if (row.passkeys) methods.push('webauthn')
  if (methods.length > 0 && row.recovery) methods.push('recovery')
  return { methods, required: row.required, passwordless: row.passwordless }
}

/**
 * The published demo logins: one visitor enrolling a factor would lock every other visitor out, so
 * they may enrol only when a policy requires it of them (an admin switched it on on purpose).
 */
export function isSharedDemoAccount(demoMode: boolean, email: string): boolean {
  return demoMode && demoUsers.some((user) => user.login && user.email === email.toLowerCase())
}

export async function readPolicy(q: Queryable, organizationId: number | null): Promise<MfaPolicy> {
  const [row] = await q.query<{ required_for: string[]; passwordless_passkeys: boolean }>(
    `select required_for, passwordless_passkeys from mfa_policies
     where organization_id is not distinct from $1`,
    [organizationId],
  )
  return {
    required_for: row?.required_for ?? [],
    passwordless_passkeys: row?.passwordless_passkeys ?? false,
  }
}

/** Writes a policy; answers the one it replaced, for the journal. */
export async function writePolicy(
  q: Queryable,
  organizationId: number | null,
  policy: MfaPolicy,
  now: Date,
): Promise<MfaPolicy> {
  const before = await readPolicy(q, organizationId)
  const updated = await q.query(
    `update mfa_policies set required_for = $2, passwordless_passkeys = $3, updated_at = $4
     where organization_id is not distinct from $1 returning 1`,
    [organizationId, policy.required_for, policy.passwordless_passkeys, now.toISOString()],
  )
  if (updated.length === 0) {
    await q.query(
      `insert into mfa_policies (organization_id, required_for, passwordless_passkeys, updated_at)
       values ($1, $2, $3, $4)`,
      [organizationId, policy.required_for, policy.passwordless_passkeys, now.toISOString()],
    )
  }
  return before
}
