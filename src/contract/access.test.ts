import { describe, expect, it } from 'vitest'
import { ACCESS_PAGE_LENGTH, AccessQuery } from './access'
import { validate } from './struct'

describe('AccessQuery', () => {
  it('takes exactly one place, a moment and a known zone', () => {
    expect(validate({ door_id: '4' }, AccessQuery, { coerce: true })[0]).toBeUndefined()
    expect(validate({}, AccessQuery, { coerce: true })[0]).toBeDefined()
    expect(
      validate({ door_id: '4', device_id: '2' }, AccessQuery, { coerce: true })[0],
    ).toBeDefined()
    expect(
      validate({ door_id: '4', time_zone: 'Europe/Berlin' }, AccessQuery, { coerce: true })[0],
    ).toBeUndefined()
    expect(
      validate({ door_id: '4', time_zone: 'Nowhere/Else' }, AccessQuery, { coerce: true })[0],
    ).toBeDefined()
  })

  it('takes zones by name, never as an offset the database would read the other way round', () => {
    const zone = (time_zone: string) =>
      validate({ door_id: '4', time_zone }, AccessQuery, { coerce: true })[0] === undefined
    for (const known of ['UTC', 'America/Argentina/Buenos_Aires', 'Etc/GMT+5', 'EST5EDT'])
      expect(zone(known), known).toBe(true)
    for (const offset of ['+05:00', 'GMT+5', 'UTC-3', '-0800'])
      expect(zone(offset), offset).toBe(false)
  })

  it('pages the people: 100 from the first unless asked, a page never above 500', () => {
    const [, first] = validate({ door_id: '4' }, AccessQuery, { coerce: true })
    expect(first).toMatchObject({ start: 0, length: ACCESS_PAGE_LENGTH })
    const [, big] = validate({ door_id: '4', start: '200', length: '9999' }, AccessQuery, {
      coerce: true,
    })
    expect(big).toMatchObject({ start: 200, length: 500 })
    expect(validate({ door_id: '4', start: '-1' }, AccessQuery, { coerce: true })[0]).toBeDefined()
    expect(validate({ door_id: '4', length: '0' }, AccessQuery, { coerce: true })[0]).toBeDefined()
  })
})
