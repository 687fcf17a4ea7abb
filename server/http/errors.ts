import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ErrorCode } from '../../src/contract/errors'

/** Thrown by handlers; app.onError turns it into the contract's ApiError JSON. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ErrorCode,
    message: string,
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }
}

export const notFound = (what = 'Resource') => new HttpError(404, 'not_found', `${what} not found.`)

export const forbidden = () =>
  new HttpError(403, 'forbidden', 'You do not have permission to do this.')

export const badField = (field: string, message: string) =>
  new HttpError(400, 'validation', message, field)

export const conflict = (message: string, field?: string) =>
  new HttpError(409, 'conflict', message, field)
