import { createHmac, timingSafeEqual } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

// A webhook receiver on 127.0.0.1 for the webhook tests (decision 081): it keeps every request it
// got and answers as told (status, body, delay); and a verifier written from the Standard Webhooks
// specification, independent of the package the server signs with.

export interface Received {
  headers: Record<string, string>
  body: string
}

export interface Receiver {
  url: string
  received: Received[]
  answer: { status: number; body: string; delayMs: number }
  close(): Promise<void>
}

export async function startReceiver(): Promise<Receiver> {
  const received: Received[] = []
  const answer = { status: 200, body: 'ok', delayMs: 0 }
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(req.headers))
        if (typeof value === 'string') headers[name] = value
      received.push({ headers, body: Buffer.concat(chunks).toString('utf8') })
      setTimeout(() => {
        res.writeHead(answer.status, { 'content-type': 'text/plain' })
        res.end(answer.body)
      }, answer.delayMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    answer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Five minutes either way, the specification's suggested tolerance. */
const TOLERANCE_S = 300

/**
 * Standard Webhooks verification from the specification: the timestamp within the tolerance of
 * `nowS`, and one of the space-separated `v1,<base64>` signatures equal to the HMAC-SHA256, keyed
 * with the base64 after `whsec_`, of `${id}.${timestamp}.${body}`.
 */
export function verifiedBySpec(
  secret: string,
  { headers, body }: Received,
  nowS = Math.floor(Date.now() / 1000),
): boolean {
  const id = headers['webhook-id'] ?? ''
  const timestamp = headers['webhook-timestamp'] ?? ''
  if (!/^\d+$/.test(timestamp) || Math.abs(nowS - Number(timestamp)) > TOLERANCE_S) return false
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64')
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest()
  return (headers['webhook-signature'] ?? '').split(' ').some((signature) => {
    const [version, encoded] = signature.split(',')
    if (version !== 'v1' || !encoded) return false
    const given = Buffer.from(encoded, 'base64')
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
}
