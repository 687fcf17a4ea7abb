import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_ANSWER_BYTES, send } from './send'

// One attempt (decision 081): to the address given, whatever the name says; no redirect followed;
// at most MAX_ANSWER_BYTES read; the timeout ends it.

let server: http.Server
let port = 0
let bytesSent = 0
const seen: string[] = []

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(`${req.headers.host} ${req.url}`)
    if (req.url === '/redirect') res.writeHead(302, { location: '/elsewhere' }).end('moved')
    else if (req.url === '/huge') {
      res.writeHead(200)
      // Far more than the cap: the sender stops reading, so not all of it is ever written.
      const chunk = Buffer.alloc(64 * 1024, 'a')
      const more = () => {
        while (bytesSent < 20 * MAX_ANSWER_BYTES) {
          bytesSent += chunk.length
          if (!res.write(chunk)) return void res.once('drain', more)
        }
        res.end()
      }
      more()
    } else if (req.url === '/silent') req.resume()
    else res.writeHead(204).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    }),
)

const to = (path: string, timeoutMs?: number) =>
  send({
    // The name would resolve elsewhere (or nowhere): the connection goes to the address given.
    url: new URL(`http://receiver.invalid:${port}${path}`),
    address: { address: '127.0.0.1', family: 4 },
    headers: { 'webhook-id': 'msg_1' },
    body: '{}',
    keepBytes: 1024,
    timeoutMs,
  })

describe('send', () => {
  it('connects to the checked address, with the URL’s name as the Host', async () => {
    expect(await to('/ok')).toMatchObject({ outcome: 'delivered', status: 204 })
    expect(seen).toContain(`receiver.invalid:${port} /ok`)
  })

  it('does not follow a redirect', async () => {
    expect(await to('/redirect')).toMatchObject({
      outcome: 'http_error',
      status: 302,
      response: 'moved',
    })
    expect(seen.some((s) => s.endsWith('/elsewhere'))).toBe(false)
  })

  it('reads at most 1 MB of an answer and keeps its first 1 KB', async () => {
    const result = await to('/huge')
    expect(result).toMatchObject({ outcome: 'delivered', status: 200 })
    expect(result.response).toHaveLength(1024)
    expect(bytesSent).toBeLessThan(20 * MAX_ANSWER_BYTES)
  })

  it('gives up when no answer comes within the timeout', async () => {
    const result = await to('/silent', 300)
    expect(result).toMatchObject({ outcome: 'timeout', status: null })
    expect(result.latencyMs).toBeGreaterThanOrEqual(290)
    expect(result.latencyMs).toBeLessThan(5000)
  })
})
