import { validate, type Struct, type StructError } from 'superstruct'

// superstruct's `validate` walks a value with a generator per node, each of which yields tuples
// through the generators of the node's validator, entries and refiner, copying the options at
// every level. A page of 100 audit entries is ≈ 1,400 nodes: ≈ 28 ms in a page's first, still
// unoptimised run on a slow machine, inside the render of the list's first rows
// (docs/benchmarks.md, session 10). An answer that keeps the contract (nearly all of them) is
// walked here instead, in plain loops, with the same coercers, validators, entries and refiners
// in the same order as superstruct's `run`; at the first failure the answer goes to `validate`,
// which reports the failure exactly as before.

type AnyStruct = Struct<unknown, unknown>
type Context = { path: unknown[]; branch: unknown[]; mask: boolean }

const FAILED = Symbol('failed')

const isEmpty = (results: Iterable<unknown>) => results[Symbol.iterator]().next().done === true

function isObject(value: unknown): value is Record<PropertyKey, unknown> {
  return typeof value === 'object' && value !== null
}

/** The coerced value, or FAILED; superstruct's `run` with `coerce: true`, up to the first failure. */
function walk(input: unknown, struct: AnyStruct, context: Context): unknown {
  let value = struct.coercer(input, context)
  if (!isEmpty(struct.validator(value, context))) return FAILED
  const { path, branch } = context
  for (const [key, entry, child] of struct.entries(value, context)) {
    const checked = walk(entry, child as AnyStruct, {
      path: key === undefined ? path : [...path, key],
      branch: key === undefined ? branch : [...branch, entry],
      mask: false,
    })
    if (checked === FAILED) return FAILED
    if (key === undefined) value = checked
    else if (value instanceof Map) value.set(key, checked)
    else if (value instanceof Set) value.add(checked)
    else if (isObject(value) && (checked !== undefined || key in value))
      value[key as PropertyKey] = checked
  }
  return isEmpty(struct.refiner(value, context)) ? value : FAILED
}

/**
 * `validate(value, schema, { coerce: true })`, with the answer and the same error, for an
 * answer that has just been parsed from JSON (it may be changed in place, as superstruct does).
 */
export function checkAnswer<T>(
  value: unknown,
  schema: Struct<T, unknown>,
): [StructError, undefined] | [undefined, T] {
  const checked = walk(value, schema as AnyStruct, { path: [], branch: [value], mask: false })
  if (checked !== FAILED) return [undefined, checked as T]
  return validate(value, schema, { coerce: true })
}
