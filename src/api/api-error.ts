import { is } from 'superstruct'
import { ErrorBody } from '../contract/errors'

export { isHttpStatus } from '../lib/http-status'

export type ApiErrorKind = 'HTTP' | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR'

type ApiErrorInit = { status?: number; data?: unknown; retryAfter?: number; cause?: unknown }

/**
 * The error kinds of requirements R8.3. HTTP errors carry the status and the parsed body as `data`.
 */
export class ApiError extends Error {
  readonly kind: ApiErrorKind
  readonly status: number | undefined
  readonly data: unknown
  /** Seconds from a 429's Retry-After header. */
  readonly retryAfter: number | undefined

  constructor(kind: ApiErrorKind, message: string, init: ApiErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause })
    this.name = 'ApiError'
    this.kind = kind
    this.status = init.status
    this.data = init.data
    this.retryAfter = init.retryAfter
  }

  /** The server's `{ error, message, field?, rule?, params? }` body, when the answer had one. */
  get body(): ErrorBody | null {
    return is(this.data, ErrorBody) ? this.data : null
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}
