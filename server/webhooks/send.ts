import http from 'node:http'
import https from 'node:https'
import type { LookupFunction } from 'node:net'
import type { WebhookOutcome } from '../../src/contract/webhooks'
import type { ResolvedAddress } from './ssrf'

// One delivery attempt over HTTP (decision 081): to the address the SSRF check approved (the
// socket's lookup answers it, so the name is not resolved again; TLS still checks the name's
// certificate), no redirect followed, at most MAX_ANSWER_BYTES of the answer read, the whole
// exchange within timeoutMs. A 2xx is delivered; anything else says what went wrong.

export const DELIVERY_TIMEOUT_MS = 15_000
export const MAX_ANSWER_BYTES = 1024 * 1024

export interface SendResult {
  outcome: WebhookOutcome
  status: number | null
  latencyMs: number
  /** The first `keepBytes` of the answer, as text. */
  response: string
  error: string
}

export interface SendRequest {
  url: URL
  address: ResolvedAddress
  headers: Record<string, string>
  body: string
  timeoutMs?: number
  keepBytes: number
}

export function send(request: SendRequest): Promise<SendResult> {
  const { url, address, body, keepBytes } = request
  const timeoutMs = request.timeoutMs ?? DELIVERY_TIMEOUT_MS
  const started = performance.now()
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all) callback(null, [address])
    else callback(null, address.address, address.family)
  }
  const transport = url.protocol === 'https:' ? https : http
  return new Promise((resolve) => {
    let settled = false
    const finish = (result: Omit<SendResult, 'latencyMs'>) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve({ ...result, latencyMs: Math.round(performance.now() - started) })
    }
    const req = transport.request(
      url,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        headers: {
          ...request.headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'access-console-webhooks',
        },
      },
      (res) => {
        const status = res.statusCode ?? 0
        const chunks: Buffer[] = []
        let read = 0
        const done = () => {
          const kept = Buffer.concat(chunks).subarray(0, keepBytes).toString('utf8')
          const ok = status >= 200 && status < 300
          finish({ outcome: ok ? 'delivered' : 'http_error', status, response: kept, error: '' })
        }
        res.on('data', (chunk: Buffer) => {
          if (read < keepBytes) chunks.push(chunk)
          read += chunk.length
          // The cap: what is past it is not read at all.
          if (read >= MAX_ANSWER_BYTES) {
            done()
            res.destroy()
          }
        })
        res.on('end', done)
        res.on('error', (error) => finish(failed(error)))
      },
    )
    const timer = setTimeout(() => {
      finish({
        outcome: 'timeout',
        status: null,
        response: '',
        error: `no answer in ${timeoutMs} ms`,
      })
      req.destroy()
    }, timeoutMs)
    req.on('error', (error) => finish(failed(error)))
    req.end(body)
  })
}

function failed(error: Error): Omit<SendResult, 'latencyMs'> {
  const code = (error as NodeJS.ErrnoException).code
  return { outcome: 'connection', status: null, response: '', error: code ?? error.message }
}
