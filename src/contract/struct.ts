import * as s from 'superstruct'

// The contract's structs are superstruct's, built by the factories below. Each factory also records
// a compiled check of its struct: the same coercion and the same verdict in plain code, where
// superstruct's own walk runs a generator per node and per rule. A page of 100 audit entries is
// about 1,400 nodes: superstruct's first walk of one took ≈ 28 ms on a slow machine, inside the
// render of the list's first rows; this check takes ≈ 4 ms. `compiledRun` is what
// api/answer-check.ts runs on every answer. A struct no factory here compiled (coerce, defaulted,
// union, …) is walked generically, with its own coercer, validator, entries and refiner. The
// compiled check only says whether a value passes and what it coerces to: an answer that fails is
// checked again by superstruct's `validate`, whose error is reported.

export * from 'superstruct'

/** What compiledRun answers for a value its struct refuses. */
export const FAILED: unique symbol = Symbol('failed')

interface Compiled {
  coerce: (value: unknown) => unknown
  /** The coerced value checked: itself (children coerced in place) or FAILED. */
  check: (value: unknown) => unknown
}

// Passed where superstruct's rules take a context: no rule of superstruct's or the contract's
// decides on where a value sits, only the message of a failure does, and that comes from validate.
const CONTEXT: s.Context = { path: [], branch: [], mask: false }

const compiled = new WeakMap<object, Compiled>()

type AnyStruct = s.Struct<unknown, unknown>
const any = (struct: object) => struct as AnyStruct

function isNonArrayObject(value: unknown): value is Record<PropertyKey, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const none = (results: Iterable<unknown>) => results[Symbol.iterator]().next().done === true

/** superstruct's `run` with coercion, for a struct no factory here compiled. */
function genericCheck(struct: AnyStruct, input: unknown): unknown {
  let value = input
  if (!none(struct.validator(value, CONTEXT))) return FAILED
  for (const [key, entry, child] of struct.entries(value, CONTEXT)) {
    const checked = compiledRun(child, entry)
    if (checked === FAILED) return FAILED
    if (key === undefined) value = checked
    else if (value instanceof Map) value.set(key, checked)
    else if (value instanceof Set) value.add(checked)
    else if (typeof value === 'object' && value !== null && (checked !== undefined || key in value))
      (value as Record<PropertyKey, unknown>)[key as PropertyKey] = checked
  }
  return none(struct.refiner(value, CONTEXT)) ? value : FAILED
}

function compiledOf(struct: object): Compiled {
  let found = compiled.get(struct)
  if (found === undefined) {
    const generic = any(struct)
    found = {
      coerce: (value) => generic.coercer(value, CONTEXT),
      check: (value) => genericCheck(generic, value),
    }
    compiled.set(struct, found)
  }
  return found
}

/**
 * `validate(value, struct, { coerce: true })`'s value when it passes, else FAILED. Objects and
 * arrays are coerced into copies, as superstruct does, so `value` itself is left as it was.
 */
export function compiledRun(struct: object, value: unknown): unknown {
  const { coerce, check } = compiledOf(struct)
  return check(coerce(value))
}

function compile<S extends object>(struct: S, how: Compiled): S {
  compiled.set(struct, how)
  return struct
}

const same = (value: unknown) => value

const leaf = <S extends object>(struct: S, passes: (value: unknown) => boolean) =>
  compile(struct, { coerce: same, check: (value) => (passes(value) ? value : FAILED) })

/** A struct wrapping `inner` that only adds a rule: compiled when `inner` is. */
function wrapping<S extends object>(
  struct: S,
  inner: object,
  check: (value: unknown, innerCheck: Compiled['check']) => unknown,
): S {
  const innerCompiled = compiled.get(inner)
  if (innerCompiled === undefined) return struct
  return compile(struct, {
    coerce: innerCompiled.coerce,
    check: (value) => check(value, innerCompiled.check),
  })
}

export const string: typeof s.string = () => leaf(s.string(), (value) => typeof value === 'string')

export const number: typeof s.number = () =>
  leaf(s.number(), (value) => typeof value === 'number' && !Number.isNaN(value))

export const integer: typeof s.integer = () =>
  leaf(s.integer(), (value) => typeof value === 'number' && Number.isInteger(value))

export const boolean: typeof s.boolean = () =>
  leaf(s.boolean(), (value) => typeof value === 'boolean')

export const literal = ((constant: unknown) =>
  leaf(s.literal(constant as string), (value) => value === constant)) as typeof s.literal

export const enums = ((values: readonly unknown[]) =>
  leaf(s.enums(values as string[]), (value) => values.includes(value))) as typeof s.enums

export const define: typeof s.define = (name, validator) =>
  leaf(s.define(name, validator), (value) => validator(value, CONTEXT) === true)

export const object = ((schema?: Record<string, object>) => {
  if (schema === undefined) return s.object()
  const struct = s.object(schema as Record<string, AnyStruct>)
  const known = new Set(Object.keys(schema))
  const fields = Object.entries(schema)
  return compile(struct, {
    coerce: (value) => (isNonArrayObject(value) ? { ...value } : value),
    check: (value) => {
      if (!isNonArrayObject(value)) return FAILED
      for (const key of Object.keys(value)) if (!known.has(key)) return FAILED
      for (const [key, child] of fields) {
        const checked = compiledRun(child, value[key])
        if (checked === FAILED) return FAILED
        if (checked !== undefined || key in value) value[key] = checked
      }
      return value
    },
  })
}) as typeof s.object

export const array = ((element: object) =>
  compile(s.array(any(element)), {
    coerce: (value) => (Array.isArray(value) ? value.slice() : value),
    check: (value) => {
      if (!Array.isArray(value)) return FAILED
      const items: unknown[] = value
      for (let index = 0; index < items.length; index++) {
        const checked = compiledRun(element, items[index])
        if (checked === FAILED) return FAILED
        if (checked !== undefined || index in items) items[index] = checked
      }
      return items
    },
  })) as typeof s.array

export const optional = ((struct: object) =>
  wrapping(s.optional(any(struct)), struct, (value, check) =>
    value === undefined ? value : check(value),
  )) as typeof s.optional

export const nullable = ((struct: object) =>
  wrapping(s.nullable(any(struct)), struct, (value, check) =>
    value === null ? value : check(value),
  )) as typeof s.nullable

/** A struct that adds a rule after `inner`'s own checks: refine, min, max. */
const refining = <S extends object>(
  struct: S,
  inner: object,
  passes: (value: unknown) => boolean,
) =>
  wrapping(struct, inner, (value, check) => {
    const checked = check(value)
    return checked !== FAILED && passes(checked) ? checked : FAILED
  })

export const refine = ((struct: object, name: string, refiner: s.Refiner<unknown>) =>
  refining(
    s.refine(any(struct), name, refiner),
    struct,
    (value) => refiner(value, CONTEXT) === true,
  )) as typeof s.refine

type Bound = { exclusive?: boolean }

export const min = ((struct: object, threshold: number, options: Bound = {}) =>
  refining(s.min(any(struct) as s.Struct<number>, threshold, options), struct, (value) =>
    options.exclusive ? (value as number) > threshold : (value as number) >= threshold,
  )) as typeof s.min

export const max = ((struct: object, threshold: number, options: Bound = {}) =>
  refining(s.max(any(struct) as s.Struct<number>, threshold, options), struct, (value) =>
    options.exclusive ? (value as number) < threshold : (value as number) <= threshold,
  )) as typeof s.max
