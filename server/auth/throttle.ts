import type { Db, Prepared } from '../db/database'

export interface BudgetRules {
  /** Attempts evaluated before the key is locked for `lockSeconds`. */
  maxFailures: number
  lockSeconds: number
}

// Attempts older than this (and not locked) are forgotten: a typo last week costs nothing today.
const WINDOW_SECONDS = 3600
const MAX_LOCK_SECONDS = 3600

const attempts = `case when b.updated_at < now() - $2::int * interval '1 second' then 1
                       else b.attempts + 1 end`
const lockFor = (tried: string, max: string, lock: string) =>
  `case when ${tried} >= ${max}
     then now() + least($5::int, ${lock} * power(2, least(${tried} - ${max}, 12))) * interval '1 second'
   end`

// reserveAttempts' statement, prepared: every sign-in runs it, by key (server/db/database.ts,
// Prepared). The new row's rules come in as its first values; an existing row's, through the
// arrays by the key's position. A locked key's row is not touched, so it is missing from `tried`:
// an attempt is taken when every key answered. (Told apart by the row's `updated_at` instead, two
// attempts in one millisecond passed a lock on the embedded database, whose clock has no finer
// grain.) The wait is read from the statement's snapshot; a lock committed after it and seen only
// by the upsert's row lock answers the shortest wait, 1 s.
const reserveSql: Prepared = {
  name: 'budget_reserve',
  text: `with tried as (
           insert into sign_in_budget as b (budget_key, attempts, locked_until, updated_at)
           select k, 1, ${lockFor('1', 'm', 'l')}, now()
           from unnest($1::text[], $3::int[], $4::int[]) as r(k, m, l)
           order by k
           on conflict (budget_key) do update set
             attempts = ${attempts},
             locked_until = ${lockFor(
               attempts,
               '($3::int[])[array_position($1::text[], b.budget_key)]',
               '($4::int[])[array_position($1::text[], b.budget_key)]',
             )},
             updated_at = now()
           where b.locked_until is null or b.locked_until <= now()
           returning 1)
         select case when (select count(*) from tried) = cardinality($1::text[]) then 0
                else greatest(1, coalesce((
                  select max(ceil(extract(epoch from locked_until - now())))::int
                  from sign_in_budget where budget_key = any($1) and locked_until > now()), 1))
                end as wait`,
}

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
 * as it is. Answers the longest wait of the keys, or 0.
 */
export async function reserveAttempts(
  db: Db,
  budgets: readonly { key: string; rules: BudgetRules }[],
): Promise<number> {
  const [row] = await db.query<{ wait: number }>(reserveSql, [
    budgets.map((b) => b.key),
    WINDOW_SECONDS,
    budgets.map((b) => b.rules.maxFailures),
    budgets.map((b) => b.rules.lockSeconds),
    MAX_LOCK_SECONDS,
  ])
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
