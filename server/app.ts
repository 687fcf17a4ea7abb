import { Hono, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { secureHeaders } from 'hono/secure-headers'
import { UPLOAD_MAX_BYTES } from '../src/contract/uploads'
import { USERS_IMPORT_LIMITS, USERS_IMPORT_PATH } from '../src/contract/user-import'
import {
  CREDENTIALS_IMPORT_LIMITS,
  CREDENTIALS_IMPORT_PATH,
} from '../src/contract/credential-import'
import { requireAuth } from './auth/principal'
import { ensureGlobalPolicy } from './auth/second-factor'
import { printSetupLink } from './auth/setup-link'
import { demoKey, keyFingerprint, secretBox } from './auth/secret-box'
import { HashGate } from './auth/hash-gate'
import { PrincipalCache } from './auth/principal-cache'
import { demoExposure, withDefaults, type ServerOptions } from './config'
import type { AppEnv, Services } from './context'
import { openDatabase, type Db } from './db/database'
import { keptSecret } from './db/kept-secret'
import { keepJournalRetention, pruneJournal } from './db/journal-retention'
import { migrate } from './db/migrate'
import { isEmpty, seedIfEmpty } from './db/seed'
import { analyzeGrown, keepStatistics } from './db/statistics'
import { compressJson } from './http/compress'
import { constraintAnswer } from './http/constraints'
import { bodiless, closeWhileDraining, drainUnreadBody } from './http/drain'
import { HttpError } from './http/errors'
import { registerReady } from './http/ready'
import { observeRequests } from './http/observe'
import { RequestsInFlight } from './http/requests-in-flight'
import { requestIds } from './http/request-id'
import { pageHeaders } from './http/page-headers'
import { needsNoDatabase } from './http/pages-first'
import { registerStatic } from './http/static'
import { createLogger, type Logger } from './logger'
import { createMetrics, registerMetrics } from './metrics'
import { LockdownJob } from './jobs/lockdown-job'
import { registerAccess } from './routes/access'
import { registerAudits } from './routes/audits'
import { registerAuth } from './routes/auth'
import { registerFactors } from './routes/factors'
import { registerFactorStep } from './routes/factor-step'
import { registerSessions } from './routes/sessions'
import { registerCalendars } from './routes/calendars'
import { registerControl } from './routes/control'
import { registerCredentialImport } from './routes/credential-import'
import { registerCredentials } from './routes/credentials'
import { registerLockSync } from './routes/lock-sync'
import { registerDevClock } from './routes/dev-clock'
import { registerDeviceSecrets } from './routes/device-secrets'
import { registerDevices } from './routes/devices'
import { registerExports } from './routes/exports'
import { registerGroupMembers } from './routes/group-members'
import { registerGroups } from './routes/groups'
import { registerJournal } from './routes/journal'
import { registerLockdowns } from './routes/lockdowns'
import { registerLocations } from './routes/locations'
import { registerNotify } from './routes/notify'
import { registerOffboarding } from './routes/offboarding'
import { registerOrganizations } from './routes/organizations'
import { registerRules } from './routes/rules'
import { registerDoorModes } from './routes/door-modes'
import { LOCK_SYNC_RETRY_MS, LockSyncJob } from './jobs/lock-sync-job'
import { DoorModeJob } from './jobs/door-mode-job'
import { AlertJob } from './jobs/alert-job'
import { WebhookJob } from './jobs/webhook-job'
import { MailJob } from './jobs/mail-job'
import { mailSenderFor } from './mail/sender'
import { DELIVERY_TIMEOUT_MS } from './webhooks/send'
import { registerWebhooks } from './routes/webhooks'
import { registerMailQueue } from './routes/mail-queue'
import { registerAlertRules } from './routes/alert-rules'
import { registerIncidents } from './routes/incidents'
import { registerSchedules } from './routes/schedules'
import { registerPersonPins } from './routes/person-pins'
import { pinEntryByDevice, registerPinEntry } from './routes/pin-entry'
import { registerSimulate, simulateCall } from './routes/simulate'
import { registerSpaces } from './routes/spaces'
import { registerTriage } from './routes/triage'
import { registerUploads } from './routes/uploads'
import { registerUserAccess } from './routes/user-access'
import { registerUserImport } from './routes/user-import'
import { registerUserWrites } from './routes/user-writes'
import { registerUsers } from './routes/users'
import { settableClock } from './clock'

/** Every path whose answers need a token, hand one out, list mailed links, or read the server. */
const apiAnswers = [
  '/auth/*',
  '/org/*',
  '/sbm/*',
  '/access/*',
  '/upload',
  '/notify',
  '/dev/*',
  '/metrics',
]

export interface AppHandle {
  app: Hono<AppEnv>
  services: Services
  /**
   * Pending while the first start's seed runs after the server began to serve (`listenFirst`);
   * rejects when it failed. Null when everything was done before createApp answered.
   */
  settled: Promise<void> | null
  close(): Promise<void>
}

const tooLarge = (limit: number): MiddlewareHandler => {
  const limited = bodyLimit({
    maxSize: limit,
    onError: (c) =>
      c.json(
        { error: 'payload_too_large', message: `The body is larger than ${limit} bytes.` },
        413,
      ),
  })
  return (c, next) => (bodiless(c) ? next() : limited(c, next))
}

// Postgres errors a request can cause with valid-looking input (a race on a unique name, a row
// deleted meanwhile): a conflict, not a server fault.
const pgConflicts: Record<string, string> = {
  '23505': 'This already exists.',
  '23503': 'This is still referenced, or refers to something missing.',
}

export interface StartOptions {
  /**
   * Listen before the database is open (main.ts, for `npm start`), and on an empty one before the
   * seed is done: the console's pages and files are served at once, and every other request (the
   * API, /ready, /metrics) waits until the demo data is complete, so nobody signs in to a
   * half-seeded database.
   */
  listenFirst?: boolean
}

const WEBHOOK_PARALLEL = 32
/**
 * A server's claim on mail (decision 084): the batch is sent one message after another, each
 * bounded by the sender's timeouts (at most 50 s for a mail server that accepts and then stalls),
 * so ten of them fit in the default 10-minute lease and another server never sends one twice.
 */
const MAIL_BATCH = 10
/**
 * How often a server on PGlite looks for tables that grew (server/db/statistics.ts): one query over
 * the catalog, about 5 ms on the migrated schema while nothing grew.
 */
const STATISTICS_EVERY_MS = 5000

/**
 * How many webhook messages a round claims (decision 081). On PostgreSQL, where another server
 * takes what a lease leaves, no more than its workers can send before the lease runs out even
 * when every send takes the whole timeout (and a few seconds to record): else a slow endpoint's
 * messages would be sent twice. The embedded database has one server, so a larger batch only
 * saves claims.
 */
function webhookBatch(kind: Db['kind'], leaseMs: number) {
  if (kind === 'pglite') return 200
  return WEBHOOK_PARALLEL * Math.max(1, Math.floor(leaseMs / (DELIVERY_TIMEOUT_MS + 5000)))
}

/**
 * The factor secrets' key: MFA_ENCRYPTION_KEY, or in demo mode one made in DATA_DIR (config.ts
 * refuses a start without it outside demo mode). Making one is logged once, where it is kept.
 */
function factorKey(options: ServerOptions, logger: Logger): string {
  if (options.mfaEncryptionKey !== null) return options.mfaEncryptionKey
  const made = demoKey(options.dataDir)
  if (made.made) {
    logger.info(
      `demo mode: made a key for second-factor secrets (fingerprint ${keyFingerprint(made.key)})` +
        (made.where === null ? ' for this run only' : ` in ${made.where}`) +
        '; set MFA_ENCRYPTION_KEY outside the demo (docs/operations.md)',
    )
  }
  return made.key
}

export async function createApp(
  overrides: Partial<ServerOptions> = {},
  start: StartOptions = {},
): Promise<AppHandle> {
  const options = withDefaults(overrides)
  const logger = createLogger(options.logLevel, options.logFormat)
  // Refuses before anything opens; main.ts prints the warning when it was allowed.
  demoExposure(options)
  const metrics = createMetrics(options.databaseUrl ? 'postgres' : 'pglite')
  const db = await openDatabase(options, metrics.database)
  const { held } = await migrate(db)
  for (const { name, problems } of held) {
    logger.warn(
      `migration ${name} is held back, and the rules it adds are not enforced, until these rows are resolved (README, "Operations"): ${problems}`,
    )
  }
  // Before the seed: a request that waited for it must not then wait behind its transaction.
  const key = await keptSecret(db, 'jwt_secret', options.jwtSecret)
  const pinKey = await keptSecret(db, 'pin_key', options.pinKey)
  await ensureGlobalPolicy(db, options.demoMode)
  const secrets = secretBox(factorKey(options, logger))
  const seedOptions = { auditRows: options.seedAuditRows, scryptLogN: options.scryptLogN }
  // Seeds an empty database (a first start), else brings the statistics up to date; then keeps the
  // journal's retention. On a first start with `listenFirst` this runs while the server
  // already serves the console's pages: every other request waits for it (below).
  const settle = async () => {
    const started = Date.now()
    const seeded = await seedIfEmpty(db, seedOptions)
    if (seeded) {
      logger.info(`seeded demo data in ${Date.now() - started} ms`)
      await printSetupLink(db, options, (line) => process.stdout.write(line))
    }
    // PGlite has no autovacuum: statistics are only as fresh as the last ANALYZE, and a stale
    // guess picks a plan that holds the one connection for everyone (server/db/seed.ts); pages not
    // marked all-visible rule out index-only scans. At each start, for the tables that grew since;
    // while it runs, keepStatistics (below) analyzes them as they grow.
    else if (db.kind === 'pglite') await analyzeGrown(db)
    const retention = options.journalRetentionDays
    if (retention !== null) {
      const removed = await pruneJournal(db, retention)
      if (removed > 0)
        logger.info(`journal retention removed ${removed} rows older than ${retention} days`)
    }
  }
  const settled =
    start.listenFirst && (await isEmpty(db)) ? settle() : await settle().then(() => null)
  // Marked as handled here; whoever started the server is told through `settled` (main.ts exits).
  settled?.catch(() => undefined)
  const retention = options.journalRetentionDays
  const stopRetention =
    retention === null ? () => undefined : keepJournalRetention(db, retention, logger)
  const stopStatistics =
    db.kind === 'pglite' ? keepStatistics(db, STATISTICS_EVERY_MS, logger) : () => undefined
  const clock = settableClock()
  const lockdownJob = new LockdownJob(db, logger, metrics, clock, {
    leaseMs: options.lockdownLeaseMs,
    pollMs: options.lockdownPollMs,
    batch: 50,
    parallel: db.kind === 'pglite' ? 1 : 4,
  })
  // Its lease and poll are the lockdown job's: one policy for the two jobs (decision 070).
  const doorModeJob = new DoorModeJob(db, logger, clock, {
    leaseMs: options.lockdownLeaseMs,
    pollMs: options.lockdownPollMs,
    batch: 50,
  })
  const lockSyncJob = new LockSyncJob(db, logger, clock, {
    leaseMs: options.lockdownLeaseMs,
    pollMs: options.lockdownPollMs,
    batch: 500,
    delayMs: options.deviceDelayMs,
    failureRate: options.deviceFailureRate,
    retryMs: LOCK_SYNC_RETRY_MS,
  })
  const alertJob = new AlertJob(db, logger, clock, metrics, {
    leaseMs: options.lockdownLeaseMs,
    pollMs: options.lockdownPollMs,
    batch: 100,
  })
  const webhookJob = new WebhookJob(db, logger, clock, metrics, secrets, {
    leaseMs: options.webhookLeaseMs,
    pollMs: options.webhookPollMs,
    batch: webhookBatch(db.kind, options.webhookLeaseMs),
    parallel: WEBHOOK_PARALLEL,
    policy: { allowLoopback: options.demoMode },
  })
  const mailSender = mailSenderFor(options)
  // Said once at start, where an operator looks: which way mail goes, never with its password.
  if (mailSender.kind === 'off')
    logger.warn(
      'E-mail is off: DEMO_MODE=0 and no SMTP_URL, so alert e-mails, invitations and password resets are not sent (alerts reach the console only). To send them, set SMTP_URL=smtps://user:password@mail.example.com:465 and SMTP_FROM (docs/operations.md).',
    )
  else if (mailSender.kind === 'smtp') logger.info(`e-mail through ${mailSender.where}`)
  else if (options.smtpUrl !== null)
    logger.warn('SMTP_URL is ignored in demo mode: e-mail goes to the demo mailbox (/dev/outbox)')
  const mailJob = new MailJob(db, logger, clock, metrics, mailSender, {
    leaseMs: options.mailLeaseMs,
    pollMs: options.mailPollMs,
    batch: MAIL_BATCH,
  })
  const services: Services = {
    db,
    options,
    logger,
    jwtKey: key,
    secrets,
    pinKey,
    hashing: new HashGate(options.hashConcurrency, options.hashQueue),
    lifecycle: { draining: false },
    metrics,
    principals: new PrincipalCache(options.principalCacheMs),
    requests: new RequestsInFlight(),
    lockdownJob,
    doorModeJob,
    lockSyncJob,
    alertJob,
    webhookJob,
    mailJob,
    jobs: [lockdownJob, doorModeJob, lockSyncJob, alertJob, webhookJob, mailJob],
    mailTransport: mailSender.kind,
    clock,
  }

  const app = new Hono<AppEnv>()
  app.use('*', requestIds())
  app.use('*', observeRequests(metrics, logger, services.requests))
  app.use('*', drainUnreadBody(UPLOAD_MAX_BYTES + 64 * 1024))
  app.use('*', closeWhileDraining(services.lifecycle))
  if (settled) app.use('*', waitForSeed(settled))
  // Uploaded files are data, never a page: sandboxed, no sniffing (ASVS 5.0 3.2.1, 3.4.4).
  const uploadHeaders = secureHeaders({
    contentSecurityPolicy: { defaultSrc: ["'none'"], sandbox: [] },
    xFrameOptions: 'DENY',
    referrerPolicy: 'no-referrer',
    crossOriginResourcePolicy: 'same-origin',
  })
  // Registered first, so it finishes last: its headers replace the page's on uploaded files.
  app.use('/uploads/*', uploadHeaders)
  app.use('*', pageHeaders())
  // Answers name people, PINs and tokens: no shared cache and no back-forward cache may keep one.
  // Uploaded images (/uploads/*) stay cacheable: their names are random and they never change.
  for (const prefix of apiAnswers) {
    app.use(prefix, async (c, next) => {
      await next()
      // Set on the answer itself: c.header() after next() would copy the answer into a new one.
      c.res.headers.set('Cache-Control', 'no-store')
    })
  }
  app.use('/upload', tooLarge(UPLOAD_MAX_BYTES + 64 * 1024))
  for (const prefix of ['/auth/*', '/org/*', '/sbm/*', '/access/*']) app.use(prefix, compressJson())
  // An import's file has its own limit (src/contract/user-import.ts); every other body the API's.
  const ownLimits = new Map([
    [USERS_IMPORT_PATH, tooLarge(USERS_IMPORT_LIMITS.bytes)],
    [CREDENTIALS_IMPORT_PATH, tooLarge(CREDENTIALS_IMPORT_LIMITS.bytes)],
  ])
  const jsonLimit = tooLarge(options.jsonBodyLimit)
  const bodyLimitOf: MiddlewareHandler = (c, next) =>
    (ownLimits.get(c.req.path) ?? jsonLimit)(c, next)
  for (const prefix of ['/auth/*', '/org/*', '/sbm/*', '/access/*', '/notify', '/dev/*']) {
    app.use(prefix, bodyLimitOf)
  }
  // A keypad's pin-entry carries its own secret, a demo's simulated report may come from this
  // machine without a token: those routes check their callers themselves.
  const auth = requireAuth(
    services,
    ['POST /org/v1/users/password-reset'],
    (c) => pinEntryByDevice(c) || (options.demoMode && simulateCall(c)),
  )
  for (const prefix of ['/org/v1/*', '/sbm/v1/*', '/access/v1/*', '/upload']) app.use(prefix, auth)

  app.onError((caught, c) => {
    const error = constraintAnswer(caught) ?? caught
    if (error instanceof HttpError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value)
      const body = {
        error: error.code,
        message: error.message,
        ...(error.field ? { field: error.field } : {}),
        ...(error.rule ?? {}),
      }
      return c.json(body, error.status)
    }
    const code = (error as { code?: unknown }).code
    if (typeof code === 'string' && code in pgConflicts) {
      return c.json({ error: 'conflict', message: pgConflicts[code] }, 409)
    }
    // Class 22 (data exception): a value the contract let through but the database cannot hold.
    if (typeof code === 'string' && code.startsWith('22')) {
      return c.json({ error: 'validation', message: 'A value is out of range.' }, 400)
    }
    logger.error('request failed', {
      requestId: c.get('requestId'),
      error: String(error.stack ?? error),
    })
    return c.json({ error: 'internal', message: 'Something went wrong on the server.' }, 500)
  })

  registerReady(
    app,
    services,
    held.map((h) => h.name),
  )
  registerAuth(app, services)
  registerFactors(app, services)
  registerFactorStep(app, services)
  registerSessions(app, services)
  registerNotify(app, services)
  registerExports(app, services)
  registerUsers(app, services)
  registerUserImport(app, services)
  registerUserWrites(app, services)
  registerOrganizations(app, services)
  registerLocations(app, services)
  registerSpaces(app, services)
  registerAudits(app, services)
  registerTriage(app, services)
  registerDevices(app, services)
  registerControl(app, services)
  registerCredentialImport(app, services)
  registerCredentials(app, services)
  registerLockSync(app, services)
  registerUploads(app, services)
  registerJournal(app, services)
  registerAccess(app, services)
  registerUserAccess(app, services)
  registerOffboarding(app, services)
  registerLockdowns(app, services)
  registerGroups(app, services)
  registerGroupMembers(app, services)
  registerSchedules(app, services)
  registerCalendars(app, services)
  registerRules(app, services)
  registerDoorModes(app, services)
  registerPersonPins(app, services)
  registerDeviceSecrets(app, services)
  registerPinEntry(app, services)
  registerSimulate(app, services)
  registerAlertRules(app, services)
  registerIncidents(app, services)
  registerWebhooks(app, services)
  registerMailQueue(app, services)
  registerDevClock(app, services)
  registerMetrics(app, metrics, options.metricsToken)
  registerStatic(app, options.distDir, options.bootAnswersBudgetMs)
  for (const job of services.jobs) job.start()
  app.notFound((c) => c.json({ error: 'not_found', message: 'No such endpoint.' }, 404))

  return {
    app,
    services,
    settled,
    close: async () => {
      stopRetention()
      stopStatistics()
      for (const job of services.jobs) await job.stop()
      return db.close()
    },
  }
}

/**
 * Holds every request but the console's pages and files until the first start's seed is done: a
 * sign-in, a page's first answers (they come through the API), /ready. Once it is done, nothing.
 */
function waitForSeed(settled: Promise<void>): MiddlewareHandler<AppEnv> {
  let done = false
  settled.then(
    () => (done = true),
    () => undefined,
  )
  return async (c, next) => {
    if (!done && !needsNoDatabase(c.req.method, c.req.path)) await settled
    await next()
  }
}
