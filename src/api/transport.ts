import type { Struct } from 'superstruct'
import { checkAnswer } from './answer-check'
import { ApiError } from './api-error'
import { takeEarlyGet } from './early-get'
import type { QueryValue } from '../contract/api-paths'
import { buildUrl, type Host } from './urls'

// One HTTP exchange: URL, body, timeout, typed errors and contract validation. No session logic,
// so both the client (which refreshes on 401) and the refresh itself build on it.

export type { Host } from './urls'

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  path: string
  host?: Host
  query?: Readonly<Record<string, QueryValue>>
  /** Sent as application/json. */
  json?: unknown
  /** Sent as application/x-www-form-urlencoded (the token endpoint). */
  form?: Readonly<Record<string, string>>
  /** Sent as multipart/form-data (uploads). */
  multipart?: FormData
  /** Sent as text/csv, the file as chosen (an import). */
  csv?: Blob
  /** Called as a multipart body goes out (bytes sent, bytes in all). */
  onUploadProgress?: (loaded: number, total: number) => void
  signal?: AbortSignal
  timeoutMs?: number
  /** false for calls that must not carry a bearer token nor trigger a refresh (sign-in, refresh). */
  auth?: boolean
  /**
   * With `auth: false`: the sign-in's short-lived `mfa_token` as the bearer (the enrolment a policy
   * requires before anything else); never stored, never refreshed.
   */
  challengeToken?: string
  /** Extra request headers, e.g. an Idempotency-Key; they cannot replace the ones set here. */
  headers?: Readonly<Record<string, string>>
}

const env = import.meta.env as Record<string, string | undefined>

/** Per call via `timeoutMs`; the default comes from VITE_API_TIMEOUT_MS (milliseconds), else 30 s. */
export const DEFAULT_TIMEOUT_MS =
  Number(env.VITE_API_TIMEOUT_MS) > 0 ? Number(env.VITE_API_TIMEOUT_MS) : 30_000

function bodyOf(options: RequestOptions): { body?: BodyInit; contentType?: string } {
  if (options.json !== undefined)
    return { body: JSON.stringify(options.json), contentType: 'application/json' }
  if (options.form)
    return {
      body: new URLSearchParams(options.form).toString(),
      contentType: 'application/x-www-form-urlencoded',
    }
  // The browser sets the multipart boundary itself.
  if (options.multipart) return { body: options.multipart }
  if (options.csv) return { body: options.csv, contentType: 'text/csv' }
  return {}
}

/** One fetch with a timeout; network failures and timeouts become typed ApiErrors. */
export async function send(options: RequestOptions, token: string | null): Promise<Response> {
  const { body, contentType } = bodyOf(options)
  const headers = new Headers(options.headers)
  // Only the session decides the bearer: an extra header cannot carry or forge one.
  headers.delete('Authorization')
  headers.set('Accept', 'application/json')
  if (contentType) headers.set('Content-Type', contentType)
  if (token) headers.set('Authorization', `Bearer ${token}`)
  const timeout = new AbortController()
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const timer = setTimeout(() => timeout.abort(), timeoutMs)
  const signal = options.signal ? AbortSignal.any([options.signal, timeout.signal]) : timeout.signal
  try {
    const url = buildUrl(options)
    const method = options.method ?? 'GET'
    // A request the boot started early for this very URL and token answers instead of a second one.
    const early = method === 'GET' ? takeEarlyGet(url, token) : null
    if (early) return await early
    const { onUploadProgress } = options
    // Loaded on the first upload: /login's script budget (docs/benchmarks.md) has no room for it.
    if (onUploadProgress && options.multipart)
      return await (
        await import('./xhr-send')
      ).xhrSend({
        url,
        method,
        headers,
        body: options.multipart,
        signal,
        onUploadProgress,
      })
    return await fetch(url, { method, headers, body, signal })
  } catch (error) {
    // A caller's own abort (react-query cancelling a query) stays an AbortError: it is not a failure.
    if (options.signal?.aborted) throw error
    if (timeout.signal.aborted)
      throw new ApiError('TIMEOUT_ERROR', `No answer within ${timeoutMs} ms`, { cause: error })
    throw new ApiError('FETCH_ERROR', 'The server cannot be reached', { cause: error })
  } finally {
    clearTimeout(timer)
  }
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text()
  if (text === '') return undefined
  try {
    return JSON.parse(text) as unknown
  } catch (error) {
    throw new ApiError('PARSING_ERROR', 'The answer is not JSON', {
      status: response.status,
      data: text.slice(0, 500),
      cause: error,
    })
  }
}

export async function httpError(response: Response): Promise<ApiError> {
  let data: unknown
  try {
    data = await readJson(response)
  } catch (error) {
    data = error instanceof ApiError ? error.data : undefined
  }
  const retryAfter = Number(response.headers.get('Retry-After') ?? Number.NaN)
  return new ApiError('HTTP', `HTTP ${response.status}`, {
    status: response.status,
    data,
    retryAfter: Number.isFinite(retryAfter) ? retryAfter : undefined,
  })
}

/** Validates a 2xx body against its contract schema; `null` expects no body (204). */
export async function parse<T>(schema: Struct<T, unknown> | null, response: Response): Promise<T> {
  if (!response.ok) throw await httpError(response)
  const data = await readJson(response)
  if (schema === null) return undefined as T
  const [error, value] = checkAnswer(data, schema)
  if (error === undefined) return value
  throw new ApiError('PARSING_ERROR', `Unexpected answer: ${error.message}`, {
    status: response.status,
    data,
    cause: error,
  })
}
