import type { Context } from 'hono'
import { StructError, create, validate, type Struct } from 'superstruct'
import { IdParam } from '../../src/contract/fields'
import { problemOfFailure } from '../../src/contract/rules'
import { badField, HttpError } from './errors'
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth'

const unreadable = (field?: string) =>
  new HttpError(
    400,
    'validation',
    'The body holds a value that cannot be read.',
    field,
    {},
    {
      rule: 'unreadable',
      params: {},
    },
  )

function toHttpError(error: StructError): HttpError {
  let failure
  try {
    failure = error.failures()[0] ?? error
  } catch {
    // failures() prints the remaining offending values lazily, and a value such as
    // {"toString": {}} makes that printing throw: the first failure's path still names the field.
    return unreadable(error.path.join('.') || undefined)
  }
  const field = failure.path.length > 0 ? failure.path.join('.') : undefined
  const { rule, params, message } = problemOfFailure(failure)
  return new HttpError(400, 'validation', message, field, {}, { rule, params })
}

/** Validates (and coerces: defaults, query-string numbers) with a contract struct, or 400. */
export function parse<T, S>(value: unknown, struct: Struct<T, S>): T {
  try {
    return create(value, struct)
  } catch (error) {
    if (error instanceof StructError) throw toHttpError(error)
    // superstruct prints offending values into its messages; a value like {"toString": null}
    // makes that printing throw a TypeError. Still the client's bad input, so still a 400.
    if (error instanceof TypeError) {
      throw unreadable()
    }
    throw error
  }
}

/** The request's JSON body; anything that is not JSON is a 400, never a 500. */
export async function jsonBody<T, S>(c: Context, struct: Struct<T, S>): Promise<T> {
  const type = c.req.header('content-type') ?? ''
  if (!/^application\/json\b/i.test(type)) {
    throw new HttpError(415, 'unsupported_media_type', 'Send the body as application/json.')
  }
  const text = await c.req.text()
  if (nestsDeeperThan(text)) {
    throw new HttpError(
      400,
      'malformed_json',
      `The body nests deeper than ${MAX_JSON_DEPTH} levels.`,
    )
  }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new HttpError(400, 'malformed_json', 'The request body is not valid JSON.')
  }
  return parse(value, struct)
}

/** Query parameters as an object; a repeated parameter is refused rather than silently merged. */
export function queryOf(c: Context): Record<string, string> {
  const all = c.req.queries()
  const out: Record<string, string> = {}
  for (const [key, values] of Object.entries(all)) {
    if (values.length > 1) throw badField(key, 'Give this parameter once.', 'duplicate')
    out[key] = values[0] ?? ''
  }
  return out
}

export function query<T, S>(c: Context, struct: Struct<T, S>): T {
  return parse(queryOf(c), struct)
}

/** A numeric path parameter such as `/users/42`; anything else is a 400 naming the parameter. */
export function idParam(c: Context, name = 'id'): number {
  const [error, id] = validate(c.req.param(name), IdParam, { coerce: true })
  if (error) throw badField(name, 'Expected a positive id.', 'id_invalid')
  return id
}
