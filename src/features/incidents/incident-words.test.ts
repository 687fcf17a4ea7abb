import { describe, expect, it } from 'vitest'
import { i18nObject } from '../../../i18n/i18n-util'
import { loadLocale } from '../../../i18n/i18n-util.sync'
import type { Incident } from '../../contract/alerts'
import {
  handledText,
  incidentZone,
  placeTime,
  subjectText,
  type PlaceZones,
} from './incident-words'

loadLocale('en')
const LL = i18nObject('en')

const zones: PlaceZones = {
  locations: new Map([
    [1, { name: 'Acme HQ', time_zone: null }],
    [2, { name: 'Tokyo office', time_zone: 'Asia/Tokyo' }],
  ]),
  organizations: new Map([[10, 'Europe/Berlin']]),
}

const base = {
  incident_id: 5,
  organization_id: 10,
  rule_id: 3,
  rule_name: 'Held open',
  severity: 'warning',
  instructions: '',
  event_type: 'door.held_open',
  last_event_type: 'door.held_open',
  subject: { kind: 'door', id: 4, name: 'Reception door' },
  location_id: 1,
  state: 'open',
  count: 1,
  first_seen: '2027-06-10T08:00:00.000Z',
  last_seen: '2027-06-10T08:00:00.000Z',
  acknowledged_by: null,
  acknowledged_at: null,
  resolved_by: null,
  resolved_at: null,
  resolution: null,
  note: '',
} satisfies Incident

const utc = new Intl.DateTimeFormat('en', { timeZone: 'UTC', timeStyle: 'short' })

describe('an incident in words', () => {
  it('shows times on the place’s own clock, else its organization’s, naming the city', () => {
    expect(incidentZone(base, zones)).toBe('Europe/Berlin')
    expect(incidentZone({ ...base, location_id: 2 }, zones)).toBe('Asia/Tokyo')
    expect(placeTime(LL, base.first_seen, 'Europe/Berlin', utc)).toBe('2027-06-10 10:00 (Berlin)')
    expect(placeTime(LL, base.first_seen, 'Asia/Tokyo', utc)).toBe('2027-06-10 17:00 (Tokyo)')
  })

  it('keeps the place’s clock across daylight saving: the hour that happens twice and the one that does not', () => {
    // 31 October 2027 in Berlin: 02:30 CEST (00:30 UTC), then 02:30 again in CET (01:30 UTC).
    expect(placeTime(LL, '2027-10-31T00:30:00.000Z', 'Europe/Berlin', utc)).toBe(
      '2027-10-31 02:30 (Berlin)',
    )
    expect(placeTime(LL, '2027-10-31T01:30:00.000Z', 'Europe/Berlin', utc)).toBe(
      '2027-10-31 02:30 (Berlin)',
    )
    // 28 March 2027: 02:00–03:00 does not exist; 01:00 UTC is 03:00 CEST.
    expect(placeTime(LL, '2027-03-28T00:59:00.000Z', 'Europe/Berlin', utc)).toBe(
      '2027-03-28 01:59 (Berlin)',
    )
    expect(placeTime(LL, '2027-03-28T01:00:00.000Z', 'Europe/Berlin', utc)).toBe(
      '2027-03-28 03:00 (Berlin)',
    )
  })

  it('falls back to the reader’s clock when the place’s zone is unknown', () => {
    expect(incidentZone({ ...base, location_id: 99, organization_id: 11 }, zones)).toBeNull()
    expect(placeTime(LL, base.first_seen, null, utc)).toBe('8:00 AM')
  })

  it('names the subject with its building, once', () => {
    expect(subjectText(LL, base, zones)).toBe('Reception door in Acme HQ')
    expect(
      subjectText(LL, { ...base, subject: { kind: 'location', id: 1, name: 'Acme HQ' } }, zones),
    ).toBe('Acme HQ')
    expect(subjectText(LL, { ...base, location_id: null }, zones)).toBe('Reception door')
  })

  it('says who handled it: resolved before acknowledged, and how it ended by itself', () => {
    const when = (iso: string) => iso.slice(11, 16)
    expect(handledText(LL, base, when)).toBeNull()
    const acknowledged = {
      ...base,
      state: 'acknowledged' as const,
      acknowledged_by: { user_id: 2, email: 'staff@demo.local' },
      acknowledged_at: '2027-06-10T08:02:00.000Z',
    }
    expect(handledText(LL, acknowledged, when)).toBe('Acknowledged by staff@demo.local at 08:02')
    expect(
      handledText(
        LL,
        {
          ...acknowledged,
          state: 'resolved',
          resolved_by: { user_id: 3, email: 'orgadmin@demo.local' },
          resolved_at: '2027-06-10T08:05:00.000Z',
          resolution: 'person',
        },
        when,
      ),
    ).toBe('Resolved by orgadmin@demo.local at 08:05')
    expect(
      handledText(
        LL,
        {
          ...base,
          state: 'resolved',
          resolved_at: '2027-06-10T08:03:00.000Z',
          resolution: 'condition_ended',
        },
        when,
      ),
    ).toBe('Ended by itself at 08:03')
  })
})
