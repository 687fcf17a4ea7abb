import { networkInterfaces } from 'node:os'
import { describe, expect, it } from 'vitest'
import { ADMIN, useServer } from './helpers'

// /metrics (server/metrics.ts): the Prometheus text format, route templates rather than URLs,
// and readable only from this machine or with METRICS_TOKEN, like the demo outbox.

const TOKEN = 'metrics-token-0123456789'

// An address of this machine that other machines reach (eth0), when it has one.
const reachable = Object.values(networkInterfaces())
  .flat()
  .find((i) => i?.family === 'IPv4' && !i.internal)?.address

const via = (address: string, url: string) => url.replace(/\/\/[^/:]+:/, `//${address}:`)

// The exposition format: `# HELP name text`, `# TYPE name kind`, or `name{labels} value`.
const COMMENT =
  /^# (HELP [a-zA-Z_:][a-zA-Z0-9_:]* .*|TYPE [a-zA-Z_:][a-zA-Z0-9_:]* (counter|gauge|histogram|summary|untyped))$/
const SAMPLE =
  /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="([^"\\\n]|\\.)*",?)*\})? (-?[0-9.e+-]+|NaN|[+-]Inf)( -?\d+)?$/

/** Every line of `text` a Prometheus scraper accepts, and every sample's family declared. */
function expectExpositionFormat(text: string) {
  const lines = text.split('\n').filter((line) => line !== '')
  const declared = new Set<string>()
  for (const line of lines) {
    if (line.startsWith('#')) {
      expect(line, 'a HELP or TYPE line').toMatch(COMMENT)
      if (line.startsWith('# TYPE ')) declared.add(line.split(' ')[2] ?? '')
      continue
    }
    expect(line, 'a sample line').toMatch(SAMPLE)
    const name = /^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line)?.[0] ?? ''
    const family = name.replace(/_(bucket|sum|count|created)$/, '')
    expect(declared.has(family) || declared.has(name), `${name} has a TYPE line`).toBe(true)
  }
}

describe('metrics from this machine', () => {
  const server = useServer()

  it('answers the Prometheus text format with requests by route template and status class', async () => {
    const token = await server().login(ADMIN)
    await server().request('GET', '/org/v1/users/1', { token })
    await server().request('GET', '/org/v1/users/999999', { token })
    await server().request('POST', '/auth/v1/token', {
      form: { username: ADMIN, password: 'wrong-password-1' },
    })
    const response = await fetch(`${server().url}/metrics`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    const text = await response.text()
    expectExpositionFormat(text)
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/org\/v1\/users\/:id",status_class="2xx"\} 1/,
    )
    expect(text).toMatch(/route="\/org\/v1\/users\/:id",status_class="4xx"/)
    expect(text).not.toContain('/org/v1/users/1"')
    expect(text).toMatch(/^sign_in_failures_total 1$/m)
    expect(text).toMatch(/^http_requests_in_flight \d+$/m)
    expect(text).toMatch(/^db_query_duration_seconds_count\{database="(pglite|postgres)"\} [1-9]/m)
    expect(text).toMatch(/^process_cpu_seconds_total /m)
  })

  it('counts device commands by command and outcome, and a replay as a replay', async () => {
    const token = await server().login(ADMIN)
    const devices = await server().request<{
      data: { device_id: number; capabilities: string[]; current_status: { connected: boolean } }[]
    }>('GET', '/sbm/v1/devices?length=100', { token })
    const lock = devices.body.data.find(
      (d) => d.current_status.connected && d.capabilities.includes('remotely_lock'),
    )
    if (lock === undefined) throw new Error('the seed holds a connected lock')
    const send = () =>
      server().request('POST', `/access/v1/devices/${lock.device_id}/control/lock`, {
        token,
        headers: { 'idempotency-key': 'metrics-lock-1' },
      })
    expect((await send()).status).toBe(200)
    expect((await send()).status).toBe(200)
    const text = await (await fetch(`${server().url}/metrics`)).text()
    expect(text).toMatch(/^device_commands_total\{command="lock",outcome="success"\} 1$/m)
    expect(text).toMatch(/^idempotent_replays_total 1$/m)
  })

  it('refuses a wrong token even from this machine, with the 404 of an unknown path', async () => {
    const response = await fetch(`${server().url}/metrics`, {
      headers: { authorization: 'Bearer not-the-token-at-all' },
    })
    expect(response.status).toBe(404)
    expect(await response.text()).not.toContain('http_request')
  })
})

describe.skipIf(!reachable)('metrics on a reachable address', () => {
  const server = useServer({ host: '0.0.0.0', demoAllowRemote: true, metricsToken: TOKEN })
  const scrape = (authorization?: string) =>
    fetch(`${via(reachable ?? '', server().url)}/metrics`, {
      headers: authorization === undefined ? {} : { authorization },
    })

  it('answers another address only with the configured token', async () => {
    expect((await scrape()).status).toBe(404)
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(404)
    expect((await scrape('Bearer')).status).toBe(404)
    const allowed = await scrape(`Bearer ${TOKEN}`)
    expect(allowed.status).toBe(200)
    expectExpositionFormat(await allowed.text())
  })
})
