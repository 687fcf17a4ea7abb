import type { Db, Prepared } from '../db/database'
import { reserveAttempts, type BudgetRules } from './throttle'

// The factor step's throttle (decision 077) lives in the sign-in throttle's store (sign_in_budget)
// with its rules, so every server counts together: five codes per account, then the factor step
// is locked for 15 minutes; twenty per address, so one address cannot try every account's.

const PER_ACCOUNT: BudgetRules = { maxFailures: 5, lockSeconds: 15 * 60 }
const PER_ADDRESS: BudgetRules = { maxFailures: 20, lockSeconds: 15 * 60 }

const accountKey = (userId: number) => `factor:user:${userId}`
const addressKey = (address: string) => `factor:address:${address}`

export function factorKeys(userId: number, address: string | null): string[] {
  return address === null ? [accountKey(userId)] : [accountKey(userId), addressKey(address)]
}

/** Seconds until the longest lock of `keys` ends; 0 when none is locked. A read, no attempt. */
export async function lockedFor(db: Db, keys: readonly string[]): Promise<number> {
  const [row] = await db.query<{ wait: number }>(
    `select coalesce(max(ceil(extract(epoch from locked_until - now()))), 0)::int as wait
     from sign_in_budget where budget_key = any($1) and locked_until > now()`,
    [keys],
  )
  return row?.wait ?? 0
}

/** Takes one attempt of the account's and the address's budgets; seconds to wait, or 0. */
export function reserveFactorAttempt(
  db: Db,
  userId: number,
  address: string | null,
): Promise<number> {
  const account = { key: accountKey(userId), rules: PER_ACCOUNT }
  return reserveAttempts(
    db,
    address === null ? [account] : [account, { key: addressKey(address), rules: PER_ADDRESS }],
  )
}

// Prepared: every right code runs it, by key (server/db/database.ts, Prepared).
const clearSql: Prepared = {
  name: 'factor_budget_clear',
  text: 'delete from sign_in_budget where budget_key = any($1)',
}

/** A right code: the account's budget starts afresh (the address's too: it proved itself). */
export async function clearFactorAttempts(
  db: Db,
  userId: number,
  address: string | null,
): Promise<void> {
  await db.query(clearSql, [factorKeys(userId, address)])
}
