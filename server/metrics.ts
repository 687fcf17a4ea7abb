import { timingSafeEqual } from 'node:crypto'
import { getConnInfo } from '@hono/node-server/conninfo'
import type { Env, Hono } from 'hono'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { isLoopback } from './config'
import type { Db } from './db/database'

/** Seconds: the API's answers are milliseconds to a few seconds (a cold million-row page). */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]
const QUERY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5]

/**
 * The server's Prometheus metrics (prom-client, decision 049): one registry per server, so two
 * servers in one test process keep their own. What an operator alerts on is in docs/operations.md.
 */
export function createMetrics(database: Db['kind']) {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const registers = [registry]
  const querySeconds = new Histogram({
    name: 'db_query_duration_seconds',
    help: 'Database query time, from asking to the rows, by database (pglite or postgres).',
    labelNames: ['database'],
    buckets: QUERY_BUCKETS,
    registers,
  }).labels(database)
  const poolWaitSeconds = new Histogram({
    name: 'db_pool_wait_seconds',
    help: 'Time a transaction waited for a database connection, by database.',
    labelNames: ['database'],
    buckets: QUERY_BUCKETS,
    registers,
  }).labels(database)
  return {
    registry,
    requestSeconds: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer a request, by method, route template and status class.',
      labelNames: ['method', 'route', 'status_class'],
      buckets: REQUEST_BUCKETS,
      registers,
    }),
    inFlight: new Gauge({
      name: 'http_requests_in_flight',
      help: 'Requests being answered now.',
      registers,
    }),
    /** Handed to openDatabase: every query's time and every transaction's wait for a connection. */
    database: {
      query: (seconds: number) => querySeconds.observe(seconds),
      poolWait: (seconds: number) => poolWaitSeconds.observe(seconds),
    },
    signInFailures: new Counter({
      name: 'sign_in_failures_total',
      help: 'Sign-ins refused for a wrong name or password.',
      registers,
    }),
    throttleRefusals: new Counter({
      name: 'sign_in_throttle_refusals_total',
      help: 'Sign-ins refused because the account or name had too many failures.',
      registers,
    }),
    idempotentReplays: new Counter({
      name: 'idempotent_replays_total',
      help: 'Requests answered with the stored answer of their Idempotency-Key.',
      registers,
    }),
    deviceCommands: new Counter({
      name: 'device_commands_total',
      help: 'Device commands run, by command and outcome (success or the refusal code).',
      labelNames: ['command', 'outcome'],
      registers,
    }),
    lockdownDevices: new Counter({
      name: 'lockdown_devices_total',
      help: 'Devices a lockdown job finished, by outcome (locked, not_reached, failed).',
      labelNames: ['outcome'],
      registers,
    }),
    activeLockdowns: new Gauge({
      name: 'lockdowns_active',
      help: 'Lockdowns not yet released, as this server last counted them.',
      registers,
    }),
    incidentsOpen: new Gauge({
      name: 'incidents_open',
      help: 'Incidents open or acknowledged, by severity, as this server last counted them.',
      labelNames: ['severity'],
      registers,
    }),
    webhookDeliveries: new Counter({
      name: 'webhook_deliveries_total',
      help: 'Webhook delivery attempts, by outcome (delivered, http_error, timeout, connection, address_refused).',
      labelNames: ['outcome'],
      registers,
    }),
    webhookDeliverySeconds: new Histogram({
      name: 'webhook_delivery_seconds',
      help: 'Time of one webhook delivery attempt, from sending to the end of the answer read.',
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
      registers,
    }),
    mailDeliveries: new Counter({
      name: 'mail_deliveries_total',
      help: 'Outbox messages settled or put off, by outcome (sent, deferred, failed, mailbox in demo mode, off without SMTP_URL).',
      labelNames: ['outcome'],
      registers,
    }),
    webhookOutboxDepth: new Gauge({
      name: 'webhook_outbox_depth',
      help: 'Webhook messages waiting to be delivered, as this server last counted them.',
      registers,
    }),
  }
}

export type Metrics = ReturnType<typeof createMetrics>

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

/**
 * GET /metrics in the Prometheus text format. It answers a connection from this machine, or a
 * caller with `Authorization: Bearer <METRICS_TOKEN>`; anyone else, or a wrong token from
 * anywhere, gets the 404 of a path that does not exist.
 */
export function registerMetrics<E extends Env>(
  app: Hono<E>,
  metrics: Metrics,
  token: string | null,
) {
  app.get('/metrics', async (c) => {
    const authorization = c.req.header('authorization')
    const allowed =
      authorization === undefined
        ? isLoopback(getConnInfo(c).remote.address)
        : token !== null && sameSecret(authorization, `Bearer ${token}`)
    if (!allowed) return c.notFound()
    c.header('Content-Type', metrics.registry.contentType)
    return c.body(await metrics.registry.metrics())
  })
}
