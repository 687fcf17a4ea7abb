import { createHash } from 'node:crypto'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Prepared, Queryable } from '../db/database'
import { badField, HttpError } from './errors'

/** What a request answered: replayed as is for a repeated Idempotency-Key. */
export interface Answer {
  status: ContentfulStatusCode
  body: object
  /** True when this is the stored answer of an Idempotency-Key used before. */
  replayed?: boolean
}

/**
 * The answer of a refusal that was committed (its audit row stays), shaped like every error, with
 * the audit row it wrote so the console can link to it.
 */
export const refusal = (error: HttpError, auditId?: number): Answer => ({
  status: error.status,
  body: {
    error: error.code,
    message: error.message,
    ...(error.rule ?? {}),
    ...(auditId === undefined ? {} : { audit_id: auditId }),
  },
})

const KEY = /^[\x21-\x7e]{1,255}$/

/** The request's Idempotency-Key header, checked; undefined when it has none. */
export function idempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined || KEY.test(header)) return header
  throw badField('idempotency-key', 'An Idempotency-Key is 1 to 255 visible ASCII characters.')
}

// Prepared: by key (server/db/database.ts, Prepared).
const keyClaim: Prepared = {
  name: 'idempotency_claim',
  text: `insert into idempotency_keys (user_id, key, request_hash) values ($1, $2, $3)
     on conflict do nothing returning 1`,
}
const keyAnswer: Prepared = {
  name: 'idempotency_answer',
  text: 'select request_hash, status, body from idempotency_keys where user_id = $1 and key = $2',
}
const keyStore: Prepared = {
  name: 'idempotency_store',
  text: 'update idempotency_keys set status = $3, body = $4 where user_id = $1 and key = $2',
}

/**
 * Runs `work` once per user and key, in the caller's transaction. The key is claimed first: a
 * concurrent copy's insert waits on the primary key until this transaction ends, then finds the
 * stored answer (or, after a rollback, claims the key itself). Without a key, `work` just runs.
 */
export async function once(
  q: Queryable,
  claim: { userId: number; key: string | undefined; request: string },
  work: () => Promise<Answer>,
): Promise<Answer> {
  if (claim.key === undefined) return work()
  const ids = [claim.userId, claim.key]
  const hash = createHash('sha256').update(claim.request).digest('hex')
  const claimed = await q.query(keyClaim, [...ids, hash])
  if (claimed.length === 0) {
    const [first] = await q.query<{ request_hash: string; status: number; body: string }>(
      keyAnswer,
      ids,
    )
    if (!first) throw new Error('idempotency key vanished')
    if (first.request_hash !== hash) {
      throw new HttpError(
        422,
        'validation',
        'This Idempotency-Key was already used for another request.',
        'idempotency-key',
      )
    }
    return {
      status: first.status as ContentfulStatusCode,
      body: JSON.parse(first.body) as object,
      replayed: true,
    }
  }
  const answer = await work()
  await q.query(keyStore, [...ids, answer.status, JSON.stringify(answer.body)])
  return answer
}
