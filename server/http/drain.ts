import type { Context, MiddlewareHandler } from 'hono'

/**
 * GET and HEAD carry no body. Asking the node adapter's request for its body builds a full web
 * Request (with an AbortController) per request, which the audit page under load paid for twice.
 */
export const bodiless = (c: Context): boolean => c.req.method === 'GET' || c.req.method === 'HEAD'

/**
 * A server on its way out (SIGTERM, main.ts). While `draining`, /ready answers 503 so that a load
 * balancer stops sending new requests here, and everything that still arrives is served.
 */
export interface Lifecycle {
  draining: boolean
}

/**
 * While draining, every answer carries `Connection: close`: a keep-alive client (a load balancer's
 * pool) gets its answer and then opens its next connection elsewhere, instead of finding the
 * socket gone when the listener closes.
 */
export function closeWhileDraining(lifecycle: Readonly<Lifecycle>): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (lifecycle.draining) c.res.headers.set('Connection', 'close')
  }
}

/**
 * Reads away a request body the handler never read (a 401, 404 or 415 answered before the body),
 * up to `limit` bytes within `ms`. Unread, the node adapter drains it after the answer and cuts
 * the socket when that takes long, so a keep-alive client loses its next request on it; closing
 * at once instead makes a client still sending a large body fail before it reads our answer.
 * Bodies beyond the limit or slower than the time still get `Connection: close`.
 */
export function drainUnreadBody(limit: number, ms = 2000): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (bodiless(c)) return
    const { raw } = c.req
    if (raw.bodyUsed || raw.body === null) return
    if (!(await drained(raw.body, limit, ms))) c.res.headers.set('Connection', 'close')
  }
}

async function drained(body: ReadableStream<Uint8Array>, limit: number, ms: number) {
  const reader = body.getReader()
  let read = 0
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms)
  })
  try {
    for (;;) {
      const chunk = await Promise.race([reader.read(), late])
      if (chunk === 'late') return false
      if (chunk.done) return true
      read += chunk.value.byteLength
      if (read > limit) return false
    }
  } catch {
    return false
  } finally {
    clearTimeout(timer)
    reader.cancel().catch(() => undefined)
  }
}
