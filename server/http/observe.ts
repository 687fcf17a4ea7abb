import type { MiddlewareHandler } from 'hono'
import type { AppEnv, Principal } from '../context'
import type { Logger } from '../logger'
import type { Metrics } from '../metrics'
import type { RequestsInFlight } from './requests-in-flight'

/**
 * Times every request once and hands the same figures to the metrics and the log: the route
 * template (`/org/v1/users/:id`, never the raw URL, so series stay few and no token in a query
 * string is written down), the status, and the time. Counts the requests in flight.
 */
export function observeRequests(
  metrics: Metrics,
  logger: Logger,
  requests: RequestsInFlight,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    metrics.inFlight.inc()
    const request = requests.begin()
    const started = performance.now()
    try {
      await next()
    } finally {
      metrics.inFlight.dec()
      requests.end(request)
      const ms = performance.now() - started
      const { method } = c.req
      // After next(), routePath is the template of the handler that answered.
      const route = c.req.routePath
      const { status } = c.res
      metrics.requestSeconds.observe(
        { method, route, status_class: `${Math.floor(status / 100)}xx` },
        ms / 1000,
      )
      // Set by requireAuth once the token checked out; absent on anonymous requests.
      const principal: Principal | undefined = c.get('principal')
      logger.request({
        requestId: c.get('requestId'),
        method,
        route,
        status,
        ms: Math.round(ms * 10) / 10,
        ...(principal ? { userId: principal.userId } : {}),
      })
    }
  }
}
