import type { Prepared, Queryable } from '../db/database'
import { disableFailing, failingLimit } from './endpoints'
import { nextAttemptAt } from './schedule'
import type { SendResult } from './send'

// Recording attempts (decision 081): many at once, in one transaction, as the delivery job's
// sends finish (a group commit: while one batch commits, the next gathers). Each message moves on
// only while this server still holds its claim: one another server took after the lease ran out
// is that server's to record.

export interface Attempted {
  message_id: string
  webhook_id: number
  /** Failed attempts before this one (the schedule's position). */
  step: number
  result: SendResult
}

/**
 * One statement: the attempts, each message's next state, and each endpoint's failing since. On
 * the embedded database every statement is a trip through its one connection: six of them for
 * every batch were a third of the webhook bench's database time. Prepared: planned once per
 * connection, not at every batch.
 */
const recordSql: Prepared = {
  name: 'webhook_record',
  text: `with attempt as (
    insert into webhook_attempts (message_id, webhook_id, attempted_at, outcome, status,
      latency_ms, response, error)
    select m, w, $3, o, s, l, r, e
    from unnest($1::text[], $2::int[], $4::text[], $5::int[], $6::int[], $7::text[], $8::text[])
      as a(m, w, o, s, l, r, e)
  ), delivered as (
    update webhook_messages set state = 'delivered', next_attempt_at = null,
      claimed_by = null, lease_until = null
    where message_id = any($9::text[]) and claimed_by = $10
  ), failed as (
    -- Only while still pending: an endpoint disabled meanwhile failed it for good. Each row finds
    -- its step and next time by its place in the arrays; = any keeps to the primary key's
    -- index where the embedded database's statistics are stale (it has no autovacuum).
    update webhook_messages
    set step = ($12::int[])[array_position($11::text[], message_id)],
      next_attempt_at = ($13::timestamptz[])[array_position($11::text[], message_id)],
      state = case when ($13::timestamptz[])[array_position($11::text[], message_id)] is null
        then 'failed' else 'pending' end,
      claimed_by = null, lease_until = null
    where message_id = any($11::text[]) and claimed_by = $10 and state = 'pending'
  ), succeeding as (
    update webhooks set failing_since = null
    where webhook_id = any($14::int[]) and failing_since is not null
  )
  -- Failing since the first failure after a success; touched again only once it is due to be
  -- disabled, not at every failure.
  update webhooks set failing_since = coalesce(failing_since, $3)
  where webhook_id = any($15::int[]) and enabled
    and (failing_since is null or failing_since <= $16)
  returning webhook_id, failing_since`,
}

export async function recordAttempts(
  q: Queryable,
  workerId: string,
  now: Date,
  attempts: readonly Attempted[],
) {
  const delivered = attempts.filter((a) => a.result.outcome === 'delivered')
  const failed = attempts.filter((a) => a.result.outcome !== 'delivered')
  // An endpoint's last attempt in the batch says whether it is failing.
  const last = new Map(attempts.map((a) => [a.webhook_id, a.result.outcome === 'delivered']))
  const ids = (ok: boolean) => [...last].flatMap(([id, good]) => (good === ok ? [id] : []))
  const limit = failingLimit(now)
  const failing = await q.query<{ webhook_id: number; failing_since: string }>(recordSql, [
    attempts.map((a) => a.message_id),
    attempts.map((a) => a.webhook_id),
    now.toISOString(),
    attempts.map((a) => a.result.outcome),
    attempts.map((a) => a.result.status),
    attempts.map((a) => a.result.latencyMs),
    // PostgreSQL text holds no NUL character.
    attempts.map((a) => a.result.response.replaceAll('\u0000', '')),
    attempts.map((a) => a.result.error),
    delivered.map((a) => a.message_id),
    workerId,
    failed.map((a) => a.message_id),
    failed.map((a) => a.step + 1),
    failed.map((a) => nextAttemptAt(now, a.step + 1)?.toISOString() ?? null),
    ids(true),
    ids(false),
    limit.toISOString(),
  ])
  for (const row of failing)
    if (Date.parse(row.failing_since) <= limit.getTime())
      await disableFailing(q, row.webhook_id, now)
}
