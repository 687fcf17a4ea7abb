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
  return reserveAttempts(db, [{ key, rules }])
}

/**
 * reserveAttempt for several keys at once (the factor step's account and address), in one
 * statement: on the embedded database each round trip waits its turn, and the factor step takes
 * these on every sign-in. The upsert locks each key's row, in the keys' order (so two bursts over
 * the same keys cannot deadlock), and a parallel burst is counted one by one. A locked key is left
 * as it is, and only a locked key's row keeps an `updated_at` older than this statement's now().
 * Answers the longest wait of the keys, or 0.
 */
export async function reserveAttempts(
  db: Db,
  budgets: readonly { key: string; rules: BudgetRules }[],
): Promise<number> {
  const attempts = `case when b.updated_at < now() - $2::int * interval '1 second' then 1
                         else b.attempts + 1 end`
  const lockFor = (tried: string, max: string, lock: string) =>
    `case when ${tried} >= ${max}
       then now() + least($5::int, ${lock} * power(2, least(${tried} - ${max}, 12))) * interval '1 second'
     end`
  // The new row's rules come in as its first values; an existing row's, through `excluded`.
  const [row] = await db.query<{ wait: number }>(
    `with tried as (
       insert into sign_in_budget as b (budget_key, attempts, locked_until, updated_at)
       select k, 1, ${lockFor('1', 'm', 'l')}, now()
       from unnest($1::text[], $3::int[], $4::int[]) as r(k, m, l)
       order by k
       on conflict (budget_key) do update set
         attempts = case when b.locked_until > now() then b.attempts else ${attempts} end,
         locked_until = case when b.locked_until > now() then b.locked_until
           else ${lockFor(
             attempts,
             '($3::int[])[array_position($1::text[], b.budget_key)]',
             '($4::int[])[array_position($1::text[], b.budget_key)]',
           )} end,
         updated_at = case when b.locked_until > now() then b.updated_at else now() end
       returning case when updated_at = now() then 0
                      else ceil(extract(epoch from locked_until - now()))::int end as wait)
     select coalesce(max(wait), 0)::int as wait from tried`,
    [
      budgets.map((b) => b.key),
      WINDOW_SECONDS,
      budgets.map((b) => b.rules.maxFailures),
      budgets.map((b) => b.rules.lockSeconds),
      MAX_LOCK_SECONDS,
    ],
  )
  return row?.wait ?? 0
}

/** A successful sign-in clears its key's budget. */
export async function clearBudget(db: Db, key: string): Promise<void> {
  await db.query('delete from sign_in_budget where budget_key = $1', [key])
}

/** Budgets untouched for a day hold nothing worth keeping (unknown names typed once). */
export async function pruneBudgets(db: Db): Promise<void> {
  await db.query("delete from sign_in_budget where updated_at < now() - interval '1 day'")
}
