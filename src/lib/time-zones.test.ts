import { describe, expect, it } from 'vitest'
import { TimeZone } from '../contract/access'
import { is } from '../contract/struct'
import { matchTimeZones, offsetNow, timeZoneNames, timeZonePicker } from './time-zones'

const signal = new AbortController().signal

describe('the time zones offered', () => {
  it('are the browser’s zones with UTC among them, each one the contract takes', () => {
    const names = timeZoneNames()
    expect(names).toContain('UTC')
    expect(names).toContain('Europe/Berlin')
    expect(names).toContain('Australia/Lord_Howe')
    expect([...names].sort()).toEqual(names)
    for (const zone of names) expect(is(zone, TimeZone), zone).toBe(true)
  })

  it('are found by any words of their name, as typed', () => {
    expect(matchTimeZones('berlin')).toEqual(['Europe/Berlin'])
    expect(matchTimeZones('new york')).toEqual(['America/New_York'])
    expect(matchTimeZones('America/New_')[0]).toBe('America/New_York')
    expect(matchTimeZones('America/New_')).toContain('America/North_Dakota/New_Salem')
    expect(matchTimeZones('lord howe')).toEqual(['Australia/Lord_Howe'])
    expect(matchTimeZones('')).toEqual(timeZoneNames())
  })

  it('show their offset at the moment, daylight saving included', () => {
    expect(offsetNow('Europe/Berlin', new Date('2027-01-15T12:00:00Z'))).toBe('UTC+01:00')
    expect(offsetNow('Europe/Berlin', new Date('2027-07-15T12:00:00Z'))).toBe('UTC+02:00')
    expect(offsetNow('Australia/Lord_Howe', new Date('2027-01-15T12:00:00Z'))).toBe('UTC+11:00')
    expect(offsetNow('Australia/Lord_Howe', new Date('2027-07-15T12:00:00Z'))).toBe('UTC+10:30')
    expect(offsetNow('UTC')).toBe('UTC+00:00')
  })
})

describe('the time zone picker', () => {
  it('offers "none" first only while nothing is typed, and counts it', async () => {
    const none = { value: '', label: 'Organization’s (Europe/Berlin)' }
    const picker = timeZonePicker(none)
    const all = await picker.search('', signal)
    expect(all.options[0]).toEqual(none)
    expect(all.total).toBe(timeZoneNames().length + 1)
    const found = await picker.search('berlin', signal)
    expect(found.options.map((o) => o.value)).toEqual(['Europe/Berlin'])
    expect(found.total).toBe(1)
  })

  it('finds a stored zone, an older name the browser still reads too, and nothing else', async () => {
    const picker = timeZonePicker()
    expect((await picker.lookup('Europe/Berlin', signal))?.label).toBe('Europe/Berlin')
    expect((await picker.lookup('Asia/Calcutta', signal))?.value).toBe('Asia/Calcutta')
    expect(await picker.lookup('Mars/Olympus', signal)).toBeNull()
  })
})
