// Runtime options. main.ts reads them from the environment; tests pass small values directly.
import { isIP } from 'node:net'
import addressparser from 'nodemailer/lib/addressparser'
import { RELEASE_MINUTES } from '../src/contract/lockdowns'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'
/** JSON lines for a log collector, or pino-pretty's lines for a person at a terminal. */
export type LogFormat = 'json' | 'pretty'

export interface ServerOptions {
  port: number
  /** The address the server listens on; loopback unless told otherwise (HOST). */
  host: string
  /** A directory for embedded PGlite, or `memory://`. Ignored when databaseUrl is set. */
  dataDir: string
  /**
   * A dump of a PGlite data directory (PGlite's dumpDataDir) that a fresh in-memory database starts
   * from instead of an empty one. Not a setting: the server tests start each server from one
   * migrated, seeded database (tests/server/database-template.ts).
   */
  dataDirSnapshot: string | null
  databaseUrl: string | null
  accessTokenTtl: number
  refreshTokenTtl: number
  seedAuditRows: number
  /** When null a secret is generated once and kept in the database. */
  jwtSecret: string | null
  /**
   * The key of the people's PIN digests (HMAC-SHA256, decision 066); when null one is generated
   * once and kept in the database. Losing it means issuing every PIN anew.
   */
  pinKey: string | null
  /**
   * The key that encrypts second-factor secrets at rest (MFA_ENCRYPTION_KEY, decision 077); never
   * stored in the database. Required outside demo mode; a demo without it makes one in DATA_DIR.
   */
  mfaEncryptionKey: string | null
  /** A bearer token that opens /metrics from anywhere; without it only this machine may read it. */
  metricsToken: string | null
  logLevel: LogLevel
  logFormat: LogFormat
  demoMode: boolean
  /**
   * Demo mode lists every reset and invite link and accepts the published demo password: on an
   * address other machines can reach, only with this explicit consent (DEMO_ALLOW_REMOTE=1).
   */
  demoAllowRemote: boolean
  /** Where the built console lives; the SPA is served from here. */
  distDir: string
  /** log2 of scrypt's N. Production is 17; only tests lower it, explicitly. */
  scryptLogN: number
  /** Sign-in attempts per account (and per device cookie) before it is locked for `loginLockSeconds`. */
  loginMaxFailures: number
  loginLockSeconds: number
  /** Lifetime of password reset and invite links. */
  resetTokenTtl: number
  inviteTokenTtl: number
  jsonBodyLimit: number
  /**
   * The console's address as people reach it, e.g. https://access.example.com: mailed reset and
   * invite links start with it. Never taken from the request (a forged Host would poison links).
   */
  publicUrl: string
  /** Password hashing anyone can trigger: runs at once, and waiting before 429. */
  hashConcurrency: number
  hashQueue: number
  /** Bytes of images one user, and everyone together, may store. */
  uploadUserQuota: number
  uploadTotalQuota: number
  /** Reset mails per address and per account within `resetMailWindow` seconds. */
  resetMailLimit: number
  resetMailWindow: number
  /** How long a signed-in page waits for its first answers (decision 024) before it goes without. */
  bootAnswersBudgetMs: number
  /**
   * After SIGTERM: how long the server goes on serving with /ready at 503 before it stops listening,
   * and then how long requests still running get to finish before their connections are cut.
   */
  drainMs: number
  /** Journal rows older than this many days are pruned (docs/journal.md); null keeps them all. */
  journalRetentionDays: number | null
  /** How long a lockdown's release request waits for its second person (docs/lockdown.md). */
  lockdownReleaseMinutes: number
  /** How long a server's claim on a lockdown's device lasts before another server may take it. */
  lockdownLeaseMs: number
  /** How often an idle server looks for lockdown work that another server started. */
  lockdownPollMs: number
  /** How often a server looks for webhook messages due (decision 081): the bound on a delivery's wait. */
  webhookPollMs: number
  /**
   * How long a server's claim on a webhook message lasts before another server may send it: past
   * the 15 s timeout, so a slow endpoint is not sent the message twice.
   */
  webhookLeaseMs: number
  /**
   * How long a signed-in caller's row, once read, serves their next requests: the bound on how long
   * a change made through another server (a user disabled, a permission removed) takes to reach
   * this one. Changes through this server apply at once. 0 reads the row on every request.
   */
  principalCacheMs: number
  /**
   * `settable` lets POST /dev/clock move the server's clock (demo on loopback and tests only, decision
   * 065); `system` is the real time.
   */
  clock: 'system' | 'settable'
  /**
   * The share of changes a simulated lock refuses (decision 073), 0 to 1: DEVICE_FAILURE_RATE, a few
   * per cent in a demo started from the environment, 0 for every server a test starts unless it asks.
   */
  deviceFailureRate: number
  /** A simulated lock takes a change after a random delay of half to all of this many ms (DEVICE_DELAY_MS). */
  deviceDelayMs: number
  /**
   * The mail server outside demo mode (SMTP_URL, decision 084): `smtp://` or `smtps://`, with its
   * user and password. Demo mode ignores it (mail goes to the demo mailbox); without it, outside
   * demo mode, no e-mail is sent. Never logged or echoed: it may hold a password.
   */
  smtpUrl: string | null
  /** The sender of every e-mail (SMTP_FROM); null: `Access Console <access-console@PUBLIC_URL's host>`. */
  smtpFrom: string | null
  /** How often a server looks for e-mail due (decision 084). */
  mailPollMs: number
  /**
   * How long a server's claim on a batch of mail lasts before another server may send it: past a
   * batch sent one by one, each within the sender's timeouts, so no mail is sent twice meanwhile.
   */
  mailLeaseMs: number
}

export const defaultOptions: ServerOptions = {
  port: 8080,
  host: '127.0.0.1',
  dataDir: './data',
  dataDirSnapshot: null,
  databaseUrl: null,
  accessTokenTtl: 900,
  refreshTokenTtl: 30 * 24 * 3600,
  seedAuditRows: 10_000,
  jwtSecret: null,
  pinKey: null,
  metricsToken: null,
  logLevel: 'info',
  logFormat: 'json',
  demoMode: true,
  demoAllowRemote: false,
  distDir: 'dist',
  scryptLogN: 17,
  loginMaxFailures: 5,
  loginLockSeconds: 60,
  resetTokenTtl: 3600,
  inviteTokenTtl: 7 * 24 * 3600,
  jsonBodyLimit: 1024 * 1024,
  publicUrl: 'http://localhost:8080',
  mfaEncryptionKey: null,
  bootAnswersBudgetMs: 150,
  drainMs: 5000,
  hashConcurrency: 2,
  hashQueue: 16,
  uploadUserQuota: 25 * 1024 * 1024,
  uploadTotalQuota: 500 * 1024 * 1024,
  resetMailLimit: 3,
  resetMailWindow: 3600,
  journalRetentionDays: null,
  principalCacheMs: 1000,
  lockdownReleaseMinutes: RELEASE_MINUTES,
  lockdownLeaseMs: 5000,
  lockdownPollMs: 1000,
  webhookPollMs: 250,
  webhookLeaseMs: 30_000,
  clock: 'system',
  deviceFailureRate: 0,
  deviceDelayMs: 0,
  smtpUrl: null,
  smtpFrom: null,
  mailPollMs: 1000,
  mailLeaseMs: 10 * 60_000,
}

/** The demo's simulated locks, started from the environment: some delay, a few failures. */
export const DEMO_DEVICE_FAILURE_RATE = 0.03
export const DEMO_DEVICE_DELAY_MS = 1500

/** The options a server runs with: the defaults, with what its starter gave in their place. */
export const withDefaults = (overrides: Partial<ServerOptions>): ServerOptions => ({
  ...defaultOptions,
  ...overrides,
})

const logLevels: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent']
const logFormats: readonly LogFormat[] = ['json', 'pretty']
const clocks: readonly ServerOptions['clock'][] = ['system', 'settable']

/** Settings that cannot run, one line each (main.ts prints them and exits 2). */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'))
    this.name = 'ConfigError'
  }
}

// A value as it may be echoed: quoted, control characters escaped, and short.
const shown = (raw: string) => JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}…` : raw)

/** An http(s) origin with an optional path prefix, without a trailing slash; null when not one. */
function publicUrlOf(raw: string): string | null {
  if (!URL.canParse(raw)) return null
  const url = new URL(raw)
  if (!['http:', 'https:'].includes(url.protocol) || url.search || url.hash || url.username) {
    return null
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

/** A postgres:// or postgresql:// URL naming a host (or a socket directory in `?host=`). */
function isPostgresUrl(raw: string): boolean {
  if (!URL.canParse(raw)) return false
  const url = new URL(raw)
  return (
    ['postgres:', 'postgresql:'].includes(url.protocol) &&
    (url.hostname !== '' || url.searchParams.has('host'))
  )
}

/** An smtp:// or smtps:// URL naming a host, with a password only beside a user. */
function isSmtpUrl(raw: string): boolean {
  if (!URL.canParse(raw)) return false
  const url = new URL(raw)
  return (
    ['smtp:', 'smtps:'].includes(url.protocol) &&
    url.hostname !== '' &&
    (url.password === '' || url.username !== '') &&
    url.pathname.replace(/\/+$/, '') === '' &&
    url.hash === ''
  )
}

/**
 * One mailbox, bare (`alerts@example.com`) or named (`Access Console <alerts@example.com>`), as
 * nodemailer reads the From header, with no line break that could start another header.
 */
function isMailbox(raw: string): boolean {
  if (/[\r\n]/.test(raw)) return false
  const parsed = addressparser(raw, { flatten: true })
  return parsed.length === 1 && /^[^\s@]+@[^\s@]+$/.test(parsed[0]?.address ?? '')
}

/** The sender when SMTP_FROM is not set: the console's own name at PUBLIC_URL's host. */
export const defaultMailFrom = (publicUrl: string) =>
  `Access Console <access-console@${new URL(publicUrl).hostname}>`

/** Reads every setting, checks each, and throws one ConfigError naming every problem. */
export function optionsFromEnv(env: NodeJS.ProcessEnv): ServerOptions {
  const problems: string[] = []
  // An empty variable counts as unset, as `VAR= npm start` means.
  const given = (name: string) => (env[name] === '' ? undefined : env[name])
  const whole = (name: string, fallback: number, min: number, max: number) => {
    const raw = given(name)
    if (raw === undefined) return fallback
    const n = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN
    if (n >= min && n <= max) return n
    problems.push(`${name} must be a whole number from ${min} to ${max}, got ${shown(raw)}`)
    return fallback
  }
  const flag = (name: string, fallback: boolean) => {
    const raw = given(name)
    if (raw === undefined) return fallback
    if (['1', 'true'].includes(raw)) return true
    if (['0', 'false'].includes(raw)) return false
    problems.push(`${name} must be 1, 0, true or false, got ${shown(raw)}`)
    return fallback
  }

  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const raw = given(name) ?? fallback
    if ((allowed as readonly string[]).includes(raw)) return raw as T
    problems.push(`${name} must be one of ${allowed.join(', ')}, got ${shown(raw)}`)
    return fallback
  }
  const port = whole('PORT', defaultOptions.port, 0, 65535)
  const host = given('HOST') ?? defaultOptions.host
  if (isIP(host) === 0 && !/^[A-Za-z0-9]([A-Za-z0-9.-]{0,252})$/.test(host)) {
    problems.push(`HOST must be an IP address or a host name, got ${shown(host)}`)
  }
  const rawPublicUrl = given('PUBLIC_URL') ?? `http://localhost:${port}`
  const publicUrl = publicUrlOf(rawPublicUrl)
  if (publicUrl === null) {
    problems.push(
      `PUBLIC_URL must be an absolute http(s) URL without query, fragment or user, got ${shown(rawPublicUrl)}`,
    )
  }
  const databaseUrl = given('DATABASE_URL') ?? null
  if (databaseUrl !== null && !isPostgresUrl(databaseUrl)) {
    // Not echoed: a connection URL may hold a password.
    problems.push(
      'DATABASE_URL must be a postgres:// or postgresql:// URL naming a host, e.g. postgres://user:password@host:5432/dbname (value not shown)',
    )
  }
  const metricsToken = given('METRICS_TOKEN') ?? null
  if (metricsToken !== null && !/^[\x21-\x7e]{16,256}$/.test(metricsToken)) {
    problems.push('METRICS_TOKEN must be 16 to 256 visible ASCII characters (value not shown)')
  }
  const jwtSecret = given('JWT_SECRET') ?? null
  if (jwtSecret !== null && jwtSecret.length < 32) {
    problems.push('JWT_SECRET must be at least 32 characters long (value not shown)')
  }
  const pinKey = given('PIN_KEY') ?? null
  if (pinKey !== null && pinKey.length < 32) {
    problems.push('PIN_KEY must be at least 32 characters long (value not shown)')
  }
  const mfaEncryptionKey = given('MFA_ENCRYPTION_KEY') ?? null
  if (mfaEncryptionKey !== null && mfaEncryptionKey.length < 32) {
    problems.push('MFA_ENCRYPTION_KEY must be at least 32 characters long (value not shown)')
  }
  const smtpUrl = given('SMTP_URL') ?? null
  if (smtpUrl !== null && !isSmtpUrl(smtpUrl)) {
    // Not echoed: it may hold the mail server's password.
    problems.push(
      'SMTP_URL must be an smtp:// or smtps:// URL naming a host, e.g. smtps://user:password@mail.example.com:465 (value not shown)',
    )
  }
  const smtpFrom = given('SMTP_FROM') ?? null
  if (smtpFrom !== null && !isMailbox(smtpFrom)) {
    problems.push(
      `SMTP_FROM must be one address, alerts@example.com or Access Console <alerts@example.com>, got ${shown(smtpFrom)}`,
    )
  }
  const accessTokenTtl = whole('ACCESS_TOKEN_TTL', defaultOptions.accessTokenTtl, 1, 86_400)
  const refreshTokenTtl = whole(
    'REFRESH_TOKEN_TTL',
    defaultOptions.refreshTokenTtl,
    60,
    366 * 24 * 3600,
  )
  if (refreshTokenTtl < accessTokenTtl) {
    problems.push(
      `REFRESH_TOKEN_TTL (${refreshTokenTtl}) must not be shorter than ACCESS_TOKEN_TTL (${accessTokenTtl})`,
    )
  }
  const rate = (name: string, fallback: number) => {
    const raw = given(name)
    if (raw === undefined) return fallback
    const n = /^(0(\.\d{1,6})?|1(\.0{1,6})?)$/.test(raw) ? Number(raw) : NaN
    if (n >= 0 && n <= 1) return n
    problems.push(`${name} must be a share from 0 to 1 (0.03 is 3 per cent), got ${shown(raw)}`)
    return fallback
  }
  const demoMode = flag('DEMO_MODE', defaultOptions.demoMode)
  const uploadUserMb = whole('UPLOAD_USER_QUOTA_MB', 25, 0, 1024 * 1024)
  const uploadTotalMb = whole('UPLOAD_TOTAL_QUOTA_MB', 500, 0, 1024 * 1024)
  const options: ServerOptions = {
    ...defaultOptions,
    port,
    host,
    publicUrl: publicUrl ?? defaultOptions.publicUrl,
    dataDir: given('DATA_DIR') ?? defaultOptions.dataDir,
    databaseUrl,
    accessTokenTtl,
    refreshTokenTtl,
    seedAuditRows: whole('SEED_AUDIT_ROWS', defaultOptions.seedAuditRows, 0, 10_000_000),
    jwtSecret,
    pinKey,
    mfaEncryptionKey,
    metricsToken,
    logLevel: oneOf('LOG_LEVEL', logLevels, defaultOptions.logLevel),
    logFormat: oneOf('LOG_FORMAT', logFormats, defaultOptions.logFormat),
    demoMode,
    demoAllowRemote: flag('DEMO_ALLOW_REMOTE', defaultOptions.demoAllowRemote),
    uploadUserQuota: uploadUserMb * 1024 * 1024,
    uploadTotalQuota: uploadTotalMb * 1024 * 1024,
    resetMailLimit: whole('RESET_MAIL_LIMIT', defaultOptions.resetMailLimit, 0, 1000),
    bootAnswersBudgetMs: whole(
      'BOOT_ANSWERS_BUDGET_MS',
      defaultOptions.bootAnswersBudgetMs,
      0,
      60_000,
    ),
    drainMs: whole('DRAIN_MS', defaultOptions.drainMs, 0, 600_000),
    principalCacheMs: whole('PRINCIPAL_CACHE_MS', defaultOptions.principalCacheMs, 0, 10_000),
    // Unset keeps every row; else at least one day (about 270 years at most).
    journalRetentionDays:
      given('JOURNAL_RETENTION_DAYS') === undefined
        ? null
        : whole('JOURNAL_RETENTION_DAYS', 1, 1, 100_000),
    lockdownReleaseMinutes: whole(
      'LOCKDOWN_RELEASE_MINUTES',
      defaultOptions.lockdownReleaseMinutes,
      1,
      24 * 60,
    ),
    lockdownLeaseMs: whole('LOCKDOWN_LEASE_MS', defaultOptions.lockdownLeaseMs, 500, 600_000),
    lockdownPollMs: whole('LOCKDOWN_POLL_MS', defaultOptions.lockdownPollMs, 50, 60_000),
    webhookPollMs: whole('WEBHOOK_POLL_MS', defaultOptions.webhookPollMs, 20, 60_000),
    webhookLeaseMs: whole('WEBHOOK_LEASE_MS', defaultOptions.webhookLeaseMs, 500, 600_000),
    clock: oneOf('CLOCK', clocks, defaultOptions.clock),
    smtpUrl,
    smtpFrom,
    mailPollMs: whole('MAIL_POLL_MS', defaultOptions.mailPollMs, 50, 60_000),
    mailLeaseMs: whole('MAIL_LEASE_MS', defaultOptions.mailLeaseMs, 500, 3_600_000),
    deviceFailureRate: rate('DEVICE_FAILURE_RATE', demoMode ? DEMO_DEVICE_FAILURE_RATE : 0),
    deviceDelayMs: whole('DEVICE_DELAY_MS', demoMode ? DEMO_DEVICE_DELAY_MS : 0, 0, 60_000),
    scryptLogN: whole('SCRYPT_LOG_N', defaultOptions.scryptLogN, 10, 20),
  }
  // A clock anyone could move would move every schedule: only a demo's.
  // Factor secrets are encrypted at rest with it; a production server without it would make one
  // nobody else has, and lose every enrolment at its next start.
  if (options.mfaEncryptionKey === null && !options.demoMode)
    problems.push('MFA_ENCRYPTION_KEY is required unless DEMO_MODE=1 (32 characters or more)')
  if (options.clock === 'settable' && !options.demoMode)
    problems.push('CLOCK=settable needs DEMO_MODE (the clock is for demos and tests)')
  // Weaker password hashes only where the passwords are published anyway: a demo's, a test run's.
  if (options.scryptLogN < defaultOptions.scryptLogN && !options.demoMode)
    problems.push(
      `SCRYPT_LOG_N below ${defaultOptions.scryptLogN} needs DEMO_MODE (it weakens the password hashes)`,
    )
  if (problems.length) throw new ConfigError(problems)
  return options
}

/** Whether `address` (a listening host or a peer's address) is this machine's loopback. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  const bare = address.replace(/^\[|\]$/g, '').toLowerCase()
  return (
    bare === 'localhost' ||
    bare === '::1' ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare) ||
    /^::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare)
  )
}

/**
 * Refuses demo mode on a reachable address without DEMO_ALLOW_REMOTE; answers the warning to print
 * when it was allowed, else null.
 */
export function demoExposure(options: ServerOptions): string | null {
  if (!options.demoMode || isLoopback(options.host)) return null
  if (!options.demoAllowRemote) {
    throw new ConfigError([
      `Demo mode on ${options.host} would let anyone who reaches the port sign in with the published demo password. Listen on 127.0.0.1 (unset HOST), start with DEMO_MODE=0, or set DEMO_ALLOW_REMOTE=1 to accept the risk.`,
    ])
  }
  return `WARNING: demo mode on ${options.host}: anyone who reaches this port can sign in with the published demo password (DEMO_ALLOW_REMOTE=1). /dev/outbox still answers only on this machine or to a signed-in administrator.`
}
