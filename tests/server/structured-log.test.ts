import { describe, expect, it } from 'vitest'
import { captureOutput, logLines, spawnMain } from './process-helpers'
import { ADMIN, describeOffPostgresRun, useServer } from './helpers'

// Info: the default level, at which every answered request writes one line.
const server = useServer({ logLevel: 'info' })

const logged = captureOutput()

const requestLines = () => logLines(logged()).filter((l) => l.msg === 'request')

describe('the log (pino, decision 050)', () => {
  it('writes one JSON object per line, a line per request with its fields', async () => {
    const token = await server().login(ADMIN)
    const users = await server().request('GET', '/org/v1/users?length=1', {
      token,
      headers: { 'x-request-id': 'trace-users-1' },
    })
    const me = await server().request('GET', '/org/v1/users/999999999', { token })
    await server().request('GET', '/health')

    const lines = logLines(logged())
    for (const line of lines) {
      expect(['debug', 'info', 'warn', 'error']).toContain(line.level)
      expect(new Date(String(line.time)).toISOString()).toBe(line.time)
    }
    const byId = new Map(requestLines().map((l) => [l.requestId, l]))
    const list = byId.get('trace-users-1')
    expect(list).toMatchObject({
      level: 'info',
      method: 'GET',
      route: '/org/v1/users',
      status: users.status,
    })
    expect(typeof list?.userId).toBe('number')
    expect(typeof list?.ms).toBe('number')
    // The template, never the id the caller sent.
    expect(byId.get(me.headers.get('x-request-id'))).toMatchObject({
      route: '/org/v1/users/:id',
      status: 404,
    })
    expect(logged()).not.toContain('999999999')
    const health = requestLines().find((l) => l.route === '/health')
    expect(health).toMatchObject({ status: 200 })
    expect(health).not.toHaveProperty('userId')
  })

  it('writes a hostile X-Request-Id nowhere, and escapes what it writes', async () => {
    const hostile = 'x"}\n{"level":"error","msg":"forged\u001b[31m'
    const reply = await fetch(`${server().url}/health`, {
      headers: { 'x-request-id': encodeURIComponent(hostile) + '%0A{"forged":1}' },
    })
    const answered = reply.headers.get('x-request-id')
    expect(requestLines().map((l) => l.requestId)).toEqual([answered])
    expect(logged()).not.toContain('forged')
  })
})

// Spawned servers on their own in-memory databases: the PostgreSQL run would repeat them.
describeOffPostgresRun('LOG_FORMAT=pretty and LOG_LEVEL=silent', () => {
  const firstRequestLine = async (env: Record<string, string>) => {
    const child = spawnMain(env)
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    try {
      while (!/Access console: (\S+)/.test(output)) {
        if (child.exitCode !== null) throw new Error(`no start: ${output}`)
        await new Promise((r) => setTimeout(r, 50))
      }
      const url = /Access console: (\S+)/.exec(output)?.[1] ?? ''
      const started = output.length
      await fetch(`${url}/health`, { headers: { 'x-request-id': 'pretty-1' } })
      await new Promise((r) => setTimeout(r, 300))
      return output.slice(started)
    } finally {
      child.kill('SIGTERM')
    }
  }

  it('pretty writes readable lines, silent writes none', async () => {
    const pretty = await firstRequestLine({ LOG_FORMAT: 'pretty', LOG_LEVEL: 'info' })
    expect(pretty).toMatch(/INFO.*request.*pretty-1/)
    expect(() => logLines(pretty)).toThrow()
    expect(await firstRequestLine({ LOG_LEVEL: 'silent' })).toBe('')
  }, 60_000)
})
