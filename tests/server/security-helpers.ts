import { request as httpRequest } from 'node:http'
import { SignJWT } from 'jose'
import { listOf } from '../../src/contract/list'
import { OutboxMessage } from '../../src/contract/notify'
import { shaped, type TestServer } from './helpers'

/** The outbox messages to `recipient`, newest first. */
export async function mailsTo(server: TestServer, recipient: string) {
  const { body } = await server.request('GET', '/dev/outbox?length=1000')
  return shaped(body, listOf(OutboxMessage)).data.filter((m) => m.recipient === recipient)
}

/** The token of the newest link mailed to `recipient`. */
export async function latestToken(server: TestServer, recipient: string): Promise<string> {
  const [message] = await mailsTo(server, recipient)
  const token = new URL(message?.link ?? '', 'http://x').searchParams.get('token')
  if (!token) throw new Error(`no link for ${recipient}`)
  return token
}

/** A raw HTTP request, for what fetch will not send (a forged Host header). */
export function rawRequest(
  url: string,
  init: { method: string; path: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname, port, method: init.method, path: init.path, headers: init.headers },
      (res) => {
        let body = ''
        res.on('data', (chunk: Buffer) => (body += chunk.toString()))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      },
    )
    req.on('error', reject)
    req.end(init.body)
  })
}

/** An HS256 token signed with the server's real key, with exactly the claims given. */
export function forgeToken(server: TestServer, claims: Record<string, unknown>): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256' })
    .sign(server.running.handle.services.jwtKey)
}

/** Signs in and answers the device cookie the server set (`name=value`). */
export async function deviceCookieOf(server: TestServer, username: string, password: string) {
  const response = await fetch(`${server.url}/auth/v1/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  })
  await response.arrayBuffer()
  return { status: response.status, cookie: response.headers.get('set-cookie') ?? '' }
}
