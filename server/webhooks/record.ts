import type { Queryable } from '../db/database'
import { endpointsFailed, endpointsSucceeded } from './endpoints'
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

export async function recordAttempts(
  q: Queryable,
  workerId: string,
  now: Date,
  attempts: readonly Attempted[],
) {
  const at = now.toISOString()
  await q.query(
    `insert into webhook_attempts (message_id, webhook_id, attempted_at, outcome, status,
       latency_ms, response, error)
     select m, w, $3, o, s, l, r, e
     from unnest($1::text[], $2::int[], $4::text[], $5::int[], $6::int[], $7::text[], $8::text[])
       as a(m, w, o, s, l, r, e)`,
    [
      attempts.map((a) => a.message_id),
      attempts.map((a) => a.webhook_id),
      at,
      attempts.map((a) => a.result.outcome),
      attempts.map((a) => a.result.status),
      attempts.map((a) => a.result.latencyMs),
      // PostgreSQL text holds no NUL character.
      attempts.map((a) => a.result.response.replaceAll('\u0000', '')),
      attempts.map((a) => a.result.error),
    ],
  )
  const delivered = attempts.filter((a) => a.result.outcome === 'delivered')
  const failed = attempts.filter((a) => a.result.outcome !== 'delivered')
  if (delivered.length > 0)
    await q.query(
      `update webhook_messages set state = 'delivered', next_attempt_at = null,
         claimed_by = null, lease_until = null
       where message_id = any($1::text[]) and claimed_by = $2`,
      [delivered.map((a) => a.message_id), workerId],
    )
  if (failed.length > 0)
    // Only while still pending: an endpoint disabled meanwhile failed it for good. Each row finds
    // its step and next time by its place in the arrays; `= any` keeps to the primary key's index
    // where the embedded database's statistics are stale (it has no autovacuum).
    await q.query(
      `update webhook_messages
       set step = ($2::int[])[array_position($1::text[], message_id)],
         next_attempt_at = ($3::timestamptz[])[array_position($1::text[], message_id)],
         state = case when ($3::timestamptz[])[array_position($1::text[], message_id)] is null
           then 'failed' else 'pending' end,
         claimed_by = null, lease_until = null
       where message_id = any($1::text[]) and claimed_by = $4 and state = 'pending'`,
      [
        failed.map((a) => a.message_id),
        failed.map((a) => a.step + 1),
        failed.map((a) => nextAttemptAt(now, a.step + 1)?.toISOString() ?? null),
        workerId,
      ],
    )
  // An endpoint's last attempt in the batch says whether it is failing.
  const last = new Map(attempts.map((a) => [a.webhook_id, a.result.outcome === 'delivered']))
  const ids = (ok: boolean) => [...last].flatMap(([id, good]) => (good === ok ? [id] : []))
  await endpointsSucceeded(q, ids(true))
  await endpointsFailed(q, ids(false), now)
}
