import { randomUUID } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'

/** What a caller's X-Request-Id may be; anything else (long, control characters, JSON) is replaced. */
const VALID = /^[A-Za-z0-9._-]{1,128}$/

/** The request's id: the caller's when it is a safe one, else a fresh UUID. */
export const requestIdOf = (given: string | undefined): string =>
  given !== undefined && VALID.test(given) ? given : randomUUID()

/**
 * Names every request: kept as `requestId` for logs and the audit row the request writes, and
 * answered in `X-Request-Id`, so a caller or a proxy can find its request on the server.
 */
export function requestIds(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const id = requestIdOf(c.req.header('x-request-id'))
    c.set('requestId', id)
    await next()
    c.res.headers.set('X-Request-Id', id)
  }
}
