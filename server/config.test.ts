import { describe, expect, it } from 'vitest'
import {
  ConfigError,
  DEMO_DEVICE_DELAY_MS,
  DEMO_DEVICE_FAILURE_RATE,
  defaultMailFrom,
  defaultOptions,
  optionsFromEnv,
} from './config'

// Outside demo mode the factor secrets' key is required (decision 077).
const KEY = 'k'.repeat(32)

const problemsOf = (env: NodeJS.ProcessEnv): readonly string[] => {
  try {
    optionsFromEnv(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

describe('optionsFromEnv', () => {
  it('answers the defaults for an empty environment, and treats an empty variable as unset', () => {
    // A demo from the environment has simulated locks that wait and sometimes fail (decision 073).
    expect(optionsFromEnv({})).toEqual({
      ...defaultOptions,
      publicUrl: 'http://localhost:8080',
      deviceFailureRate: DEMO_DEVICE_FAILURE_RATE,
      deviceDelayMs: DEMO_DEVICE_DELAY_MS,
    })
    expect(optionsFromEnv({ PORT: '', DRAIN_MS: '' }).port).toBe(8080)
  })

  it('reads valid settings', () => {
    const options = optionsFromEnv({
      PORT: '9300',
      HOST: '::1',
      ACCESS_TOKEN_TTL: '60',
      REFRESH_TOKEN_TTL: '3600',
      DATABASE_URL: 'postgresql://app:secret@db.internal:5432/access',
      PUBLIC_URL: 'https://access.example.com/console/',
      DEMO_MODE: 'false',
      DRAIN_MS: '0',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'x'.repeat(32),
      MFA_ENCRYPTION_KEY: KEY,
      UPLOAD_USER_QUOTA_MB: '1',
    })
    expect(options).toMatchObject({
      port: 9300,
      host: '::1',
      accessTokenTtl: 60,
      refreshTokenTtl: 3600,
      databaseUrl: 'postgresql://app:secret@db.internal:5432/access',
      publicUrl: 'https://access.example.com/console',
      demoMode: false,
      drainMs: 0,
      logLevel: 'warn',
      uploadUserQuota: 1024 * 1024,
    })
    // A socket directory instead of a host.
    expect(optionsFromEnv({ DATABASE_URL: 'postgres:///access?host=/run/postgresql' })).toBeTruthy()
  })

  it.each([
    ['PORT', 'abc', 'PORT must be a whole number from 0 to 65535, got "abc"'],
    ['PORT', '65536', 'PORT must be a whole number from 0 to 65535, got "65536"'],
    ['PORT', '1e3', 'PORT must be a whole number from 0 to 65535, got "1e3"'],
    ['ACCESS_TOKEN_TTL', '-1', 'ACCESS_TOKEN_TTL must be a whole number from 1 to 86400, got "-1"'],
    ['ACCESS_TOKEN_TTL', '0', 'ACCESS_TOKEN_TTL must be a whole number from 1 to 86400, got "0"'],
    [
      'SEED_AUDIT_ROWS',
      '1.5',
      'SEED_AUDIT_ROWS must be a whole number from 0 to 10000000, got "1.5"',
    ],
    ['DRAIN_MS', ' 5', 'DRAIN_MS must be a whole number from 0 to 600000, got " 5"'],
    ['DEMO_MODE', 'no', 'DEMO_MODE must be 1, 0, true or false, got "no"'],
    [
      'LOG_LEVEL',
      'verbose',
      'LOG_LEVEL must be one of debug, info, warn, error, silent, got "verbose"',
    ],
    ['HOST', 'a b', 'HOST must be an IP address or a host name, got "a b"'],
    [
      'PUBLIC_URL',
      'javascript:alert(1)',
      'PUBLIC_URL must be an absolute http(s) URL without query, fragment or user, got "javascript:alert(1)"',
    ],
  ])('%s=%j is refused with one line', (name, value, line) => {
    expect(problemsOf({ [name]: value })).toEqual([line])
  })

  it.each(['nonsense', 'mysql://db/access', 'http://db:5432/access', 'postgres://'])(
    'DATABASE_URL=%j is refused without echoing the value',
    (value) => {
      const problems = problemsOf({ DATABASE_URL: value })
      expect(problems).toHaveLength(1)
      expect(problems[0]).toMatch(/^DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/)
    },
  )

  it('reads the simulated locks’ failure rate as a share, and none outside demo mode', () => {
    expect(optionsFromEnv({ DEVICE_FAILURE_RATE: '0' }).deviceFailureRate).toBe(0)
    expect(optionsFromEnv({ DEVICE_FAILURE_RATE: '0.25' }).deviceFailureRate).toBe(0.25)
    expect(optionsFromEnv({ DEMO_MODE: '0', MFA_ENCRYPTION_KEY: KEY })).toMatchObject({
      deviceFailureRate: 0,
      deviceDelayMs: 0,
    })
    expect(problemsOf({ DEVICE_FAILURE_RATE: '3' })).toEqual([
      'DEVICE_FAILURE_RATE must be a share from 0 to 1 (0.03 is 3 per cent), got "3"',
    ])
  })

  it('never echoes a secret, and escapes control characters in what it echoes', () => {
    const secret = 'postgres://app:hunter2@'
    expect(problemsOf({ DATABASE_URL: secret }).join('\n')).not.toContain('hunter2')
    expect(problemsOf({ JWT_SECRET: 'short-secret' })).toEqual([
      'JWT_SECRET must be at least 32 characters long (value not shown)',
    ])
    expect(problemsOf({ PIN_KEY: 'a-short-pin-key' })).toEqual([
      'PIN_KEY must be at least 32 characters long (value not shown)',
    ])
    expect(optionsFromEnv({ PIN_KEY: 'k'.repeat(32) }).pinKey).toBe('k'.repeat(32))
    expect(problemsOf({ METRICS_TOKEN: 'short' })).toEqual([
      'METRICS_TOKEN must be 16 to 256 visible ASCII characters (value not shown)',
    ])
    expect(optionsFromEnv({ METRICS_TOKEN: 'a-token-of-16-chars' }).metricsToken).toBe(
      'a-token-of-16-chars',
    )
    const [line = ''] = problemsOf({ PORT: '80\n\u001b[31mred' })
    expect(line).not.toContain('\n')
    expect(line).not.toContain('\u001b')
    expect(line).toContain('\\n\\u001b[31mred')
  })

  it('names every problem at once, and checks settings against each other', () => {
    expect(
      problemsOf({
        PORT: 'abc',
        ACCESS_TOKEN_TTL: '7200',
        REFRESH_TOKEN_TTL: '3600',
        UPLOAD_TOTAL_QUOTA_MB: 'lots',
      }),
    ).toEqual([
      'PORT must be a whole number from 0 to 65535, got "abc"',
      'REFRESH_TOKEN_TTL (3600) must not be shorter than ACCESS_TOKEN_TTL (7200)',
      'UPLOAD_TOTAL_QUOTA_MB must be a whole number from 0 to 1048576, got "lots"',
    ])
  })

  it('keeps the password hash at its cost outside demo mode', () => {
    expect(optionsFromEnv({}).scryptLogN).toBe(17)
    expect(optionsFromEnv({ SCRYPT_LOG_N: '10' }).scryptLogN).toBe(10)
    expect(
      optionsFromEnv({ SCRYPT_LOG_N: '18', DEMO_MODE: '0', MFA_ENCRYPTION_KEY: KEY }).scryptLogN,
    ).toBe(18)
    expect(problemsOf({ SCRYPT_LOG_N: '10', DEMO_MODE: '0', MFA_ENCRYPTION_KEY: KEY })).toEqual([
      'SCRYPT_LOG_N below 17 needs DEMO_MODE (it weakens the password hashes)',
    ])
    expect(problemsOf({ SCRYPT_LOG_N: '9' })).toEqual([
      'SCRYPT_LOG_N must be a whole number from 10 to 20, got "9"',
    ])
  })
})

describe('the factor secrets key', () => {
  it('is required outside demo mode, and must be long enough', () => {
    expect(problemsOf({ DEMO_MODE: '0' })).toEqual([
      'MFA_ENCRYPTION_KEY is required unless DEMO_MODE=1 (32 characters or more)',
    ])
    expect(problemsOf({ MFA_ENCRYPTION_KEY: 'short' })).toEqual([
      'MFA_ENCRYPTION_KEY must be at least 32 characters long (value not shown)',
    ])
    expect(optionsFromEnv({}).mfaEncryptionKey).toBeNull()
  })
})

describe('the mail server', () => {
  const SMTP_PROBLEM =
    'SMTP_URL must be an smtp:// or smtps:// URL naming a host, e.g. smtps://user:password@mail.example.com:465 (value not shown)'

  it('reads SMTP_URL and SMTP_FROM, with the sender at PUBLIC_URL’s host by default', () => {
    const options = optionsFromEnv({
      DEMO_MODE: '0',
      MFA_ENCRYPTION_KEY: KEY,
      PUBLIC_URL: 'https://access.example.com',
      SMTP_URL: 'smtps://alerts:s3cret%21@mail.example.com:465',
    })
    expect(options.smtpUrl).toBe('smtps://alerts:s3cret%21@mail.example.com:465')
    expect(options.smtpFrom).toBeNull()
    expect(defaultMailFrom(options.publicUrl)).toBe(
      'Access Console <access-console@access.example.com>',
    )
    for (const from of ['alerts@example.com', 'Acme alerts <alerts@example.com>'])
      expect(optionsFromEnv({ SMTP_FROM: from }).smtpFrom).toBe(from)
    expect(optionsFromEnv({ SMTP_URL: 'smtp://mail.internal' }).smtpUrl).toBe(
      'smtp://mail.internal',
    )
  })

  it('refuses a URL that is not a mail server’s, and never echoes it', () => {
    for (const url of [
      'http://alerts:hunter2@mail.example.com',
      'smtp://',
      'smtp://:hunter2@mail.example.com',
      'smtps://alerts:hunter2@mail.example.com/inbox',
      'mail.example.com:587',
    ]) {
      const problems = problemsOf({ SMTP_URL: url })
      expect(problems, url).toEqual([SMTP_PROBLEM])
      expect(problems.join('\n')).not.toContain('hunter2')
    }
  })

  it('refuses a sender that is not one address, or could start another header', () => {
    for (const from of ['nobody', 'a@example.com, b@example.com', 'a@example.com\r\nBcc: x@y.z'])
      expect(problemsOf({ SMTP_FROM: from })[0]).toMatch(/^SMTP_FROM must be one address/)
  })
})
