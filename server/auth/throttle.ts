import type { Db } from '../db/database'

export interface BudgetRules {
  /** Attempts evaluated before the key is locked for `lockSeconds`. */
  maxFailures: number
  lockSeconds: number
}

// Attempts older than this (and not locked) are forgotten: a typo last week costs nothing today.
const WINDOW_SECONDS = 3600
const MAX_LOCK_SECONDS = 3600

/**
 * Sign-in budgets in the database, so every server on it shares them (ASVS 5.0 6.3.1). An attempt
 * takes its place in the budget before the password is checked, so a parallel burst evaluates at
 * most `maxFailures` guesses; the attempt that reaches the budget locks the key, and each attempt
 * after a lock expires doubles it, up to an hour. Answers 0 when the attempt may proceed, else the
 * seconds to wait.
 */
export async function reserveAttempt(db: Db, key: string, rules: BudgetRules): Promise<number> {
  return db.tx(async (q) => {
    await q.query(
      'insert into sign_in_budget (budget_key, attempts) values ($1, 0) on conflict do nothing',
      [key],
    )
    const [row] = await q.query<{ attempts: number; wait: number; stale: boolean }>(
      `select attempts,
              coalesce(ceil(extract(epoch from locked_until - now())), 0)::int as wait,
              updated_at < now() - $2 * interval '1 second' as stale
       from sign_in_budget where budget_key = $1 for update`,
      [key, WINDOW_SECONDS],
    )
    if (!row) return 0
    if (row.wait > 0) return row.wait
    // Stale means untouched for longer than any lock lasts: start afresh.
    const attempts = row.stale ? 1 : row.attempts + 1
    const over = attempts - rules.maxFailures
    const lock =
      over >= 0 ? Math.min(MAX_LOCK_SECONDS, rules.lockSeconds * 2 ** Math.min(over, 12)) : null
    await q.query(
      `update sign_in_budget set attempts = $2, updated_at = now(),
         locked_until = case when $3::int is null then null else now() + $3 * interval '1 second' end
       where budget_key = $1`,
      [key, attempts, lock],
    )
    return 0
  })
}

/** A successful sign-in clears its key's budget. */
export async function clearBudget(db: Db, key: string): Promise<void> {
  await db.query('delete from sign_in_budget where budget_key = $1', [key])
}

/** Budgets untouched for a day hold nothing worth keeping (unknown names typed once). */
export async function pruneBudgets(db: Db): Promise<void> {
  await db.query("delete from sign_in_budget where updated_at < now() - interval '1 day'")
}
