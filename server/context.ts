import type { Hono } from 'hono'
import type { SecretBox } from './auth/secret-box'
import type { AccessClaims } from './auth/tokens'
import type { SettableClock } from './clock'
import type { ServerOptions } from './config'
import type { Db } from './db/database'
import type { Logger } from './logger'
import type { HashGate } from './auth/hash-gate'
import type { Lifecycle } from './http/drain'
import type { Metrics } from './metrics'
import type { PolledJob } from './jobs/polled-job'
import type { WebhookJob } from './jobs/webhook-job'
import type { PrincipalCache } from './auth/principal-cache'
import type { RequestsInFlight } from './http/requests-in-flight'

/** The signed-in caller, read from the database (kept briefly: server/auth/principal-cache.ts). */
export interface Principal {
  userId: number
  organizationId: number
  organizationName: string
  username: string
  email: string
  roles: string[]
  permissions: string[]
  /** The profile's names, read with the rest so that /me needs no second query. */
  title: string | null
  firstName: string
  lastName: string
  /** The user's live sessions (refresh-token families, decision 077): a token's `sid` is one. */
  sessions: readonly string[]
}

export type AppEnv = {
  Variables: {
    principal: Principal
    /** The access token's session claims: `sid`, `auth_time`, `amr` (decision 077). */
    claims: AccessClaims
    /** X-Request-Id: the caller's when valid, else generated (server/http/request-id.ts). */
    requestId: string
  }
}
export type App = Hono<AppEnv>

export interface Services {
  db: Db
  options: ServerOptions
  logger: Logger
  jwtKey: Uint8Array
  /** Seals second-factor secrets at rest under MFA_ENCRYPTION_KEY (server/auth/secret-box.ts). */
  secrets: SecretBox
  /** The key of the people's PIN digests (server/access/pin-digest.ts). */
  pinKey: Uint8Array
  /** Bounds anonymous password hashing (sign-in, reset). */
  hashing: HashGate
  /** Set when the server starts shutting down (main.ts); read by /ready. */
  lifecycle: Lifecycle
  /** Prometheus metrics, served at /metrics (server/metrics.ts). */
  metrics: Metrics
  /** Signed-in callers read recently; a write that changes one forgets it (decision 055). */
  principals: PrincipalCache<Principal>
  /** Requests being answered now (server/http/observe.ts); a CSV export on PGlite lets them finish first. */
  requests: RequestsInFlight
  /** The lockdown job (server/jobs/lockdown-job.ts): a start or a retry wakes it. */
  lockdownJob: { wake(): void }
  /** The door mode job (server/jobs/door-mode-job.ts): a mode, override or command wakes it; tests step it. */
  doorModeJob: { wake(): void; tick(): Promise<void> }
  /**
   * The lock sync job (server/jobs/lock-sync-job.ts, decision 073): a credential change, a lock
   * seen again or a key rotation wakes it after commit; tests step it.
   */
  lockSyncJob: { wake(): void; tick(): Promise<void> }
  /**
   * The alert job (server/jobs/alert-job.ts, decision 079): opens incidents whose threshold passed
   * on `clock`, resolves idle ones; tests step it.
   */
  alertJob: { tick(): Promise<void> }
  /**
   * The webhook delivery job (server/jobs/webhook-job.ts, decision 081): a test or "Send again"
   * wakes it; tests step it and put in their own resolver, which the routes' checks use too.
   */
  webhookJob: WebhookJob
  /**
   * The mail job (server/jobs/mail-job.ts, decision 084): sends the outbox's pending messages through
   * the mail sender the settings chose; a write wakes it after commit; tests step it.
   */
  mailJob: { wake(): void; tick(): Promise<void> }
  /** Every job above, in one list: started, stopped (one after another) and woken together. */
  jobs: readonly PolledJob[]
  /** Which way mail goes (decision 084): the demo mailbox, SMTP, or nowhere. */
  mailTransport: 'mailbox' | 'smtp' | 'off'
  /**
   * The one "now" of every decision about time (server/clock.ts). Real time unless a test, or a
   * demo started with CLOCK=settable, moves it.
   */
  clock: SettableClock
}
