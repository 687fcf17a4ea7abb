import fc from 'fast-check'
import { validate, type Struct } from 'superstruct'
import { describe, expect, it } from 'vitest'
import { AuditListQuery, AuditPage } from '../contract/audits'
import { Me } from '../contract/users'
import { checkAnswer } from './answer-check'

const UNDESCRIBED = 'The answer breaks the contract with a value that cannot be shown'

const entry = (id: number, locationId: number | null) => ({
  audit_id: id,
  created_at: '2026-11-25T08:00:00.000Z',
  device_id: 7,
  device_name: 'Front door',
  device_type_id: 'lock',
  location_id: locationId,
  command: 'unlock',
  result: id % 2 === 0 ? 'success' : 'failure',
  detail: '',
  detail_code: null,
  detail_params: {},
  user_id: 3,
  actor_email: 'staff@demo.local',
  organization_id: 1,
})

// Answers that keep the contract, with the shapes the fast walk must follow: nested objects in an
// array, nullable and optional fields, defaulted and coerced ones (the list query).
const samples: [string, Struct<unknown, unknown>, unknown][] = [
  [
    'an audit page',
    AuditPage as Struct<unknown, unknown>,
    {
      data: [entry(12, 4), entry(11, null), entry(10, 9)],
      recordsTotal: 12,
      recordsFiltered: 3,
      recordsFilteredCapped: true,
      upto: 12,
    },
  ],
  [
    'a profile',
    Me as Struct<unknown, unknown>,
    {
      user_id: 3,
      username: 'staff',
      email: 'staff@demo.local',
      title: null,
      first_name: 'Sam',
      last_name: 'Staff',
      roles: ['staff'],
      permissions: ['devices:read'],
      organization_id: 1,
      organization_name: 'Acme',
    },
  ],
  [
    'a list query with defaults and coercions',
    AuditListQuery as Struct<unknown, unknown>,
    { start: '100', search: 'door', device_id: '7' },
  ],
]

// Every path to a value in `value`, objects and arrays included.
function paths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [prefix]
  const children = Object.entries(value).flatMap(([key, child]) =>
    paths(child, [...prefix, Array.isArray(value) ? Number(key) : key]),
  )
  return [prefix, ...children]
}

// `value` with the node at `path` replaced (or removed, or given an extra key).
function mutate(value: unknown, path: (string | number)[], change: Change): unknown {
  const copy: unknown = structuredClone(value)
  if (path.length === 0) return change.kind === 'replace' ? change.with : copy
  const parent = path
    .slice(0, -1)
    .reduce<unknown>((node, key) => Reflect.get(node as object, key), copy)
  const key = path[path.length - 1]
  if (typeof parent !== 'object' || parent === null) return copy
  if (change.kind === 'replace') Reflect.set(parent, key, change.with)
  else if (change.kind === 'remove') Reflect.deleteProperty(parent, key)
  else Reflect.set(parent, 'unexpected', change.with)
  return copy
}

type Change = { kind: 'replace' | 'remove' | 'add'; with: unknown }

const change: fc.Arbitrary<Change> = fc.record({
  kind: fc.constantFrom('replace' as const, 'remove' as const, 'add' as const),
  with: fc.oneof(
    fc.anything(),
    fc.constantFrom(null, undefined, 0, -1, 1.5, '', 'unlock', 'lock', true, [], {}),
    fc.integer(),
    fc.string(),
  ),
})

describe('checkAnswer', () => {
  for (const [name, schema, sample] of samples) {
    it(`answers ${name} as superstruct's validate does`, () => {
      expect(checkAnswer(structuredClone(sample), schema)).toEqual(
        validate(structuredClone(sample), schema, { coerce: true }),
      )
      expect(checkAnswer(structuredClone(sample), schema)[0]).toBeUndefined()
    })

    it(`accepts, coerces and refuses changed copies of ${name} as superstruct does`, () => {
      const all = paths(sample)
      fc.assert(
        fc.property(fc.nat({ max: all.length - 1 }), change, (index, how) => {
          const input = mutate(sample, all[index], how)
          const [ourError, ours] = checkAnswer(structuredClone(input), schema)
          let theirs: ReturnType<typeof validate>
          try {
            theirs = validate(structuredClone(input), schema, { coerce: true })
          } catch {
            // superstruct cannot print the value in its message: refused with words of our own.
            expect(ourError?.message).toBe(UNDESCRIBED)
            return
          }
          expect(ourError?.message).toBe(theirs[0]?.message)
          expect(ours).toEqual(theirs[1])
        }),
        { numRuns: 400 },
      )
    })
  }

  it('refuses a value superstruct cannot describe, instead of throwing', () => {
    const page = { data: [{ ...entry(1, 1), result: { toString: false } }] }
    const [error, value] = checkAnswer(
      { ...page, recordsTotal: 1, recordsFiltered: 1, upto: 1 },
      AuditPage,
    )
    expect(error?.message).toBe(UNDESCRIBED)
    expect(value).toBeUndefined()
  })

  it('refuses a page whose entry breaks the contract, with the path of the failure', () => {
    const page = { data: [entry(2, 1), { ...entry(1, 1), result: 'maybe' }] }
    const [error] = checkAnswer(
      { ...page, recordsTotal: 2, recordsFiltered: 2, upto: 2 },
      AuditPage,
    )
    expect(error?.path).toEqual(['data', 1, 'result'])
  })
})
