import type { Context } from 'hono'

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/

/**
 * The request's id as the journal records it: the `X-Request-Id` header when it is 1–128 of
 * [A-Za-z0-9._-], else null. The one place that reads it, so a request-id middleware's value can
 * replace the header here alone.
 */
export function requestIdOf(c: Context): string | null {
  const header = c.req.header('x-request-id')
  return header !== undefined && REQUEST_ID.test(header) ? header : null
}
