// Runtime options. main.ts reads them from the environment; tests pass small values directly.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'

export interface ServerOptions {
  port: number
  /** The address the server listens on; loopback unless told otherwise (HOST). */
  host: string
  /** A directory for embedded PGlite, or `memory://`. Ignored when databaseUrl is set. */
  dataDir: string
  databaseUrl: string | null
  accessTokenTtl: number
  refreshTokenTtl: number
  seedAuditRows: number
  /** When null a secret is generated once and kept in the database. */
  jwtSecret: string | null
  logLevel: LogLevel
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
  /** Journal rows older than this many days are pruned (docs/journal.md); null keeps them all. */
  journalRetentionDays: number | null
}

export const defaultOptions: ServerOptions = {
  port: 8080,
  host: '127.0.0.1',
  dataDir: './data',
  databaseUrl: null,
  accessTokenTtl: 900,
  refreshTokenTtl: 30 * 24 * 3600,
  seedAuditRows: 10_000,
  jwtSecret: null,
  logLevel: 'info',
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
  bootAnswersBudgetMs: 150,
  hashConcurrency: 2,
  hashQueue: 16,
  uploadUserQuota: 25 * 1024 * 1024,
  uploadTotalQuota: 500 * 1024 * 1024,
  resetMailLimit: 3,
  resetMailWindow: 3600,
  journalRetentionDays: null,
}

const logLevels: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent']

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`)
  return n
}

/** An http(s) origin with an optional path prefix, without a trailing slash. */
export function publicUrlOf(raw: string): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL, got "${raw}"`)
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.search || url.hash || url.username) {
    throw new Error(
      `PUBLIC_URL must be an http(s) URL without query, fragment or user, got "${raw}"`,
    )
  }
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

export function optionsFromEnv(env: NodeJS.ProcessEnv): ServerOptions {
  const level = env.LOG_LEVEL as LogLevel | undefined
  if (level !== undefined && !logLevels.includes(level)) {
    throw new Error(`LOG_LEVEL must be one of ${logLevels.join(', ')}`)
  }
  const port = positiveInt('PORT', env.PORT, defaultOptions.port)
  return {
    ...defaultOptions,
    port,
    host: env.HOST || defaultOptions.host,
    publicUrl: publicUrlOf(env.PUBLIC_URL || `http://localhost:${port}`),
    dataDir: env.DATA_DIR || defaultOptions.dataDir,
    databaseUrl: env.DATABASE_URL || null,
    accessTokenTtl: positiveInt(
      'ACCESS_TOKEN_TTL',
      env.ACCESS_TOKEN_TTL,
      defaultOptions.accessTokenTtl,
    ),
    refreshTokenTtl: positiveInt(
      'REFRESH_TOKEN_TTL',
      env.REFRESH_TOKEN_TTL,
      defaultOptions.refreshTokenTtl,
    ),
    seedAuditRows: positiveInt(
      'SEED_AUDIT_ROWS',
      env.SEED_AUDIT_ROWS,
      defaultOptions.seedAuditRows,
    ),
    jwtSecret: env.JWT_SECRET || null,
    logLevel: level ?? defaultOptions.logLevel,
    demoMode: env.DEMO_MODE !== '0' && env.DEMO_MODE !== 'false',
    demoAllowRemote: env.DEMO_ALLOW_REMOTE === '1' || env.DEMO_ALLOW_REMOTE === 'true',
    uploadUserQuota:
      positiveInt('UPLOAD_USER_QUOTA_MB', env.UPLOAD_USER_QUOTA_MB, 25) * 1024 * 1024,
    uploadTotalQuota:
      positiveInt('UPLOAD_TOTAL_QUOTA_MB', env.UPLOAD_TOTAL_QUOTA_MB, 500) * 1024 * 1024,
    resetMailLimit: positiveInt('RESET_MAIL_LIMIT', env.RESET_MAIL_LIMIT, 3),
    bootAnswersBudgetMs: positiveInt(
      'BOOT_ANSWERS_BUDGET_MS',
      env.BOOT_ANSWERS_BUDGET_MS,
      defaultOptions.bootAnswersBudgetMs,
    ),
    journalRetentionDays: retentionDays(env.JOURNAL_RETENTION_DAYS),
  }
}

/** JOURNAL_RETENTION_DAYS: unset or empty keeps every row; else at least one day. */
function retentionDays(raw: string | undefined): number | null {
  if (raw === undefined || raw === '') return null
  const days = positiveInt('JOURNAL_RETENTION_DAYS', raw, 0)
  if (days < 1) throw new Error(`JOURNAL_RETENTION_DAYS must be at least 1, got "${raw}"`)
  return days
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
    throw new Error(
      `Demo mode on ${options.host} would let anyone who reaches the port sign in with the published demo password. Listen on 127.0.0.1 (unset HOST), start with DEMO_MODE=0, or set DEMO_ALLOW_REMOTE=1 to accept the risk.`,
    )
  }
  return `WARNING: demo mode on ${options.host}: anyone who reaches this port can sign in with the published demo password (DEMO_ALLOW_REMOTE=1). /dev/outbox still answers only on this machine or to a signed-in administrator.`
}
