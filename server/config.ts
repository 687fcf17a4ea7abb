// Runtime options. main.ts reads them from the environment; tests pass small values directly.

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent'

export interface ServerOptions {
  port: number
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
  /** Where the built console lives; the SPA is served from here. */
  distDir: string
  /** log2 of scrypt's N. Production is 17; only tests lower it, explicitly. */
  scryptLogN: number
  /** Failed logins per account before it is locked for `loginLockSeconds`. */
  loginMaxFailures: number
  loginLockSeconds: number
  /** Lifetime of password reset and invite links. */
  resetTokenTtl: number
  inviteTokenTtl: number
  jsonBodyLimit: number
}

export const defaultOptions: ServerOptions = {
  port: 8080,
  host: '0.0.0.0',
  dataDir: './data',
  databaseUrl: null,
  accessTokenTtl: 900,
  refreshTokenTtl: 30 * 24 * 3600,
  seedAuditRows: 10_000,
  jwtSecret: null,
  logLevel: 'info',
  demoMode: true,
  distDir: 'dist',
  scryptLogN: 17,
  loginMaxFailures: 5,
  loginLockSeconds: 60,
  resetTokenTtl: 3600,
  inviteTokenTtl: 7 * 24 * 3600,
  jsonBodyLimit: 1024 * 1024,
}

const logLevels: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent']

function positiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`)
  return n
}

export function optionsFromEnv(env: NodeJS.ProcessEnv): ServerOptions {
  const level = env.LOG_LEVEL as LogLevel | undefined
  if (level !== undefined && !logLevels.includes(level)) {
    throw new Error(`LOG_LEVEL must be one of ${logLevels.join(', ')}`)
  }
  return {
    ...defaultOptions,
    port: positiveInt('PORT', env.PORT, defaultOptions.port),
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
  }
}
