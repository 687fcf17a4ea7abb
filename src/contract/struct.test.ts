import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  array,
  boolean,
  coerce,
  compiledRun,
  defaulted,
  define,
  enums,
  FAILED,
  integer,
  literal,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  refine,
  string,
  union,
  validate,
  type Struct,
} from './struct'

const near = {
  integer: fc.oneof(fc.integer({ min: -5, max: 105 }), fc.double(), fc.constant(Number.NaN)),
  text: fc.oneof(fc.string({ maxLength: 4 }), fc.constantFrom('a', 'b', 'x', 'y', '7')),
  anything: fc.anything({ maxDepth: 2 }),
}
const maybe = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof(arbitrary, fc.constantFrom(undefined, null), near.anything)

const Entry = object({
  id: refine(integer(), 'id', (n) => n >= 1 || 'Expected a positive id'),
  name: string(),
  kind: enums(['x', 'y']),
  note: optional(string()),
  place: nullable(min(integer(), 0)),
  flag: boolean(),
})

// Every factory contract/struct.ts compiles, alone and nested, beside ones it walks generically.
const cases: [string, Struct<unknown, unknown>, fc.Arbitrary<unknown>][] = (
  [
    ['string', string(), near.text],
    ['number', number(), near.integer],
    ['integer', integer(), near.integer],
    ['boolean', boolean(), fc.oneof(fc.boolean(), near.anything)],
    ['a string literal', literal('a'), near.text],
    ['a number literal', literal(3), near.integer],
    ['enums', enums(['x', 'y']), near.text],
    ['define', define('seven', (v) => v === '7' || 'Expected seven'), near.text],
    ['min', min(integer(), 0), near.integer],
    ['exclusive min', min(integer(), 0, { exclusive: true }), near.integer],
    ['max of min', max(min(integer(), 0), 100), near.integer],
    ['exclusive max', max(number(), 100, { exclusive: true }), near.integer],
    [
      'nullable refine',
      nullable(refine(integer(), 'even', (n) => n % 2 === 0)),
      maybe(near.integer),
    ],
    ['optional array', optional(array(enums(['x', 'y']))), maybe(fc.array(near.text))],
    [
      'an object of every kind',
      Entry,
      fc.oneof(
        near.anything,
        fc.record(
          {
            id: maybe(near.integer),
            name: maybe(near.text),
            kind: maybe(near.text),
            note: maybe(near.text),
            place: maybe(near.integer),
            flag: maybe(fc.boolean()),
            extra: near.anything,
          },
          { requiredKeys: ['id', 'name', 'kind', 'place', 'flag'] },
        ),
      ),
    ],
    [
      'a refined array of objects',
      refine(array(Entry), 'few', (entries) => entries.length <= 2 || 'At most two'),
      fc.array(
        fc.record({
          id: fc.integer({ min: 0, max: 3 }),
          name: near.text,
          kind: fc.constantFrom('x', 'y'),
          place: fc.oneof(fc.constant(null), fc.integer({ min: -1, max: 3 })),
          flag: fc.boolean(),
        }),
        { maxLength: 3 },
      ),
    ],
    [
      'an object with generic members',
      object({
        start: defaulted(integer(), 0),
        count: coerce(integer(), string(), (s) => Number(s)),
        either: union([string(), number()]),
        later: optional(defaulted(string(), 'later')),
      }),
      fc.record(
        {
          start: maybe(near.integer),
          count: maybe(fc.oneof(near.text, near.integer)),
          either: maybe(fc.oneof(near.text, near.integer)),
          later: maybe(near.text),
        },
        { requiredKeys: [] },
      ),
    ],
  ] as const
).map(([name, struct, values]) => [name, struct as Struct<unknown, unknown>, values])

// superstruct's verdict; a value its messages cannot print (an object whose toString is not a
// function) makes `validate` throw, which is a refusal too.
function superstruct(value: unknown, struct: Struct<unknown, unknown>) {
  try {
    return validate(value, struct, { coerce: true })
  } catch (error) {
    return [error, undefined] as const
  }
}

// The generic walk runs superstruct's own rules, which throw on such a value too.
function refusedIfThrown(run: () => unknown) {
  try {
    return run()
  } catch {
    return FAILED
  }
}

describe('compiledRun', () => {
  for (const [name, struct, values] of cases) {
    it(`passes, coerces and refuses ${name} as superstruct's validate does`, () => {
      fc.assert(
        fc.property(values, (value) => {
          const input = structuredClone(value)
          const ours = refusedIfThrown(() => compiledRun(struct, input))
          const [error, theirs] = superstruct(structuredClone(value), struct)
          if (error) expect(ours).toBe(FAILED)
          else expect(ours).toEqual(theirs)
          // The value checked is left as it was: objects and arrays are coerced into copies.
          expect(input).toEqual(value)
        }),
        { numRuns: 300 },
      )
    })
  }

  it('coerces a nested answer into copies, defaults and coercions applied', () => {
    const Query = object({
      start: defaulted(integer(), 0),
      ids: array(coerce(integer(), string(), Number)),
    })
    const input = { ids: ['1', 2] }
    expect(compiledRun(Query, input)).toEqual({ start: 0, ids: [1, 2] })
    expect(input).toEqual({ ids: ['1', 2] })
  })

  it('refuses a key the object does not name, and a missing required one', () => {
    const Pair = object({ a: integer(), b: optional(integer()) })
    expect(compiledRun(Pair, { a: 1 })).toEqual({ a: 1 })
    expect(compiledRun(Pair, { a: 1, c: 2 })).toBe(FAILED)
    expect(compiledRun(Pair, { b: 2 })).toBe(FAILED)
    expect(compiledRun(Pair, [1])).toBe(FAILED)
  })
})
