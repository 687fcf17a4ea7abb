import type { Struct } from 'superstruct'
import { checkAnswer } from './answer-check'
import { peekEarlyGet } from './early-get'
import { refreshAfterUnauthorized } from './refresh'
import { endSession, sessionGeneration } from './session-signals'
import { askStepUp, isStepUpRequired, type StepUpRun } from './step-up'
import { getAccessToken, getRefreshToken } from './tokens'
import { httpError, parse, send, type RequestOptions } from './transport'
import { buildUrl } from './urls'

export { ApiError, isApiError, isHttpStatus, type ApiErrorKind } from './api-error'
export { DEFAULT_TIMEOUT_MS, type Host, type RequestOptions } from './transport'

/**
 * The one way the console talks to the server. On a 401 exactly one refresh runs however many
 * requests failed together; each is then retried once with the new token. A second 401 ends the
 * session (the refresh module signs out and clears both tokens).
 */
export async function apiRequest<T>(
  schema: Struct<T, unknown> | null,
  options: RequestOptions,
): Promise<T> {
  return parse(schema, await authorizedSend(options))
}

/**
 * The answer itself, once it is 2xx, for a body read as a stream (a CSV export); a refusal is
 * the same ApiError as apiRequest's.
 */
export async function apiStream(options: RequestOptions): Promise<Response> {
  const response = await authorizedSend(options)
  if (!response.ok) throw await httpError(response)
  return response
}

/**
 * A request a decisive route refused with 403 `step_up_required` waits while the console asks for
 * a fresh check, then goes again once with the same options (the same Idempotency-Key): the form
 * that sent it is still on screen with what was typed. A cancelled ask leaves the 403 as the answer.
 */
async function authorizedSend(options: RequestOptions): Promise<Response> {
  const first = await sendRefreshing(options)
  if (!(await isStepUpRequired(first))) return first
  const ask = askStepUp()
  if (ask === null) return first
  let run: StepUpRun
  try {
    run = await ask
  } catch {
    // The person cancelled the check: the refusal is the answer.
    return first
  }
  const repeated = await sendRefreshing(options)
  run.settled(await isStepUpRequired(repeated))
  return repeated
}

async function sendRefreshing(options: RequestOptions): Promise<Response> {
  if (options.auth === false) return send(options, options.challengeToken ?? null)
  const generation = sessionGeneration()
  const token = getAccessToken()
  const first = await send(options, token)
  if (first.status !== 401) return first
  // Sent without any session (after a logout): there is nothing to refresh and nothing to end.
  if (token === null && getRefreshToken() === null) throw await httpError(first)
  const fresh = await refreshAfterUnauthorized(token, generation)
  const retried = await send(options, fresh)
  if (retried.status === 401) {
    const error = await httpError(retried)
    // Only the session that made the request may be ended by its failure.
    if (generation === sessionGeneration()) endSession()
    throw error
  }
  return retried
}

/**
 * The answer to the GET `options` describes if the boot's early request for it has already arrived
 * (early-get.ts), checked against `schema`; otherwise undefined, and the caller's own request then
 * runs (and reports a refusal or a malformed answer) as usual.
 */
export function peekRequest<T>(schema: Struct<T, unknown>, options: RequestOptions): T | undefined {
  const data = peekEarlyGet(buildUrl(options), getAccessToken())
  if (typeof data !== 'object' || data === null) return undefined
  // A peek repeated for the same answer (a rebuilt cache entry) is checked once.
  if (!peeked.has(data)) {
    const [error, value] = checkAnswer(data, schema)
    peeked.set(data, error ? undefined : value)
  }
  return peeked.get(data) as T | undefined
}

// Early answers as peekRequest checked them: the value, or undefined when it broke the contract.
const peeked = new WeakMap<object, unknown>()
