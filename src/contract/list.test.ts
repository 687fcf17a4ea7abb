import { create, validate } from './struct'
import { describe, expect, it } from 'vitest'
import { AuditListQuery } from './audits'
import { IsoDateTime } from './fields'
import { MAX_PAGE_LENGTH } from './list'
import { OrganizationInput } from './organizations'

describe('list query', () => {
  it('fills the defaults: start 0, length 15, the resource sort, descending, empty search', () => {
    expect(create({}, AuditListQuery)).toEqual({
      start: 0,
      length: 15,
      order_by: 'audit_id',
      order_direction: 'desc',
      search: '',
    })
  })

  it('reads query-string numbers and clamps length to the cap', () => {
    const q = create({ start: '500000', length: '100000' }, AuditListQuery)
    expect(q).toMatchObject({ start: 500000, length: MAX_PAGE_LENGTH })
  })

  it.each([
    [{ order_by: 'password' }, 'order_by'],
    [{ start: '-1' }, 'start'],
    [{ start: '1e3' }, 'start'],
    [{ length: '0' }, 'length'],
    [{ order_direction: 'up' }, 'order_direction'],
    [{ extra: '1' }, 'extra'],
  ])('refuses %o naming %s', (query, field) => {
    const [error] = validate(query, AuditListQuery, { coerce: true })
    expect(error?.path).toEqual([field])
  })
})

describe('validation messages', () => {
  it.each([
    [{ name: '', client_ids: ['a'] }, 'Name is required.'],
    [{ name: 'A', client_ids: [] }, 'Please provide at least one client.'],
    [{ name: 'A', client_ids: ['a', 'a'] }, 'Client already exists!'],
  ])('%o fails with "%s"', (input, message) => {
    const [error] = validate(input, OrganizationInput)
    expect(error?.failures()[0]?.message).toBe(message)
  })
})

describe('IsoDateTime', () => {
  it.each(['2026-02-28T08:00:00Z', '2028-02-29T23:59:59.123+02:00', '2026-01-31T08:00Z'])(
    'accepts %s',
    (v) => expect(validate(v, IsoDateTime)[0]).toBeUndefined(),
  )
  it.each([
    '2026-02-30T00:00:00Z',
    '0000-01-01T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '9999-12-31T23:59:59-14:00',
    '2026-01-01',
    '2026-01-01T08:00:00',
  ])('refuses %s', (v) => expect(validate(v, IsoDateTime)[0]).toBeDefined())
})
