import { expect, it } from 'vitest'
import { describeOffPostgresRun } from './helpers'
import { spawnMain } from './process-helpers'

/**
 * Runs the server (`npm start`'s bundle) with `env`; a server that starts instead is stopped and
 * reported.
 */
async function start(env: Record<string, string>) {
  const child = spawnMain(env)
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString()
    if (stdout.includes('Access console:')) child.kill('SIGTERM')
  })
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve))
  return { code, stdout, stderr, started: stdout.includes('Access console:') }
}

const lines = (text: string) => text.split('\n').filter(Boolean)

describeOffPostgresRun('a server started with settings that cannot run', () => {
  it.each([
    ['PORT', 'abc', /^Configuration: PORT must be a whole number from 0 to 65535, got "abc"$/],
    [
      'ACCESS_TOKEN_TTL',
      '-1',
      /^Configuration: ACCESS_TOKEN_TTL must be a whole number from 1 to 86400, got "-1"$/,
    ],
    [
      'DATABASE_URL',
      'nonsense',
      /^Configuration: DATABASE_URL must be a postgres:\/\/ or postgresql:\/\/ URL/,
    ],
    [
      'PUBLIC_URL',
      'javascript:alert(1)',
      /^Configuration: PUBLIC_URL must be an absolute http\(s\) URL .*got "javascript:alert\(1\)"$/,
    ],
    ['LOG_FORMAT', 'xml', /^Configuration: LOG_FORMAT must be one of json, pretty, got "xml"$/],
    [
      'SMTP_URL',
      'http://alerts:hunter2@mail.example.com',
      /^Configuration: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ URL naming a host, .*\(value not shown\)$/,
    ],
  ])(
    '%s=%s: one line on stderr, exit 2, nothing started',
    async (name, value, line) => {
      const run = await start({ [name]: value })
      expect(run.started).toBe(false)
      expect(run.code).toBe(2)
      expect(lines(run.stderr)).toHaveLength(1)
      expect(lines(run.stderr)[0]).toMatch(line)
      expect(run.stderr).not.toMatch(/\bat .*\.ts:\d+/)
      expect(run.stdout).toBe('')
    },
    60_000,
  )

  it('all four at once: four lines, exit 2', async () => {
    const run = await start({
      PORT: 'abc',
      ACCESS_TOKEN_TTL: '-1',
      DATABASE_URL: 'nonsense',
      PUBLIC_URL: 'javascript:alert(1)',
    })
    expect(run.code).toBe(2)
    expect(lines(run.stderr).map((l) => /^Configuration: (\w+) /.exec(l)?.[1])).toEqual([
      'PORT',
      'PUBLIC_URL',
      'DATABASE_URL',
      'ACCESS_TOKEN_TTL',
    ])
  }, 60_000)

  it('demo mode on a reachable address without consent is a configuration problem too', async () => {
    const run = await start({ HOST: '0.0.0.0' })
    expect(run.started).toBe(false)
    expect(run.code).toBe(2)
    expect(lines(run.stderr)).toHaveLength(1)
    expect(run.stderr).toMatch(/^Configuration: Demo mode on 0\.0\.0\.0 .*DEMO_ALLOW_REMOTE=1/)
  }, 60_000)
})
