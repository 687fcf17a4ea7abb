import { describe, expect, it } from 'vitest'
import { i18nObject } from '../../../i18n/i18n-util'
import { loadLocale } from '../../../i18n/i18n-util.sync'
import {
  eventTypesText,
  lastDeliveryText,
  stateText,
  testOutcomeText,
  urlProblemText,
  zonedTime,
} from './webhook-words'

loadLocale('en')
loadLocale('de')
const LL = i18nObject('en')
const de = i18nObject('de')

const when = (iso: string) => zonedTime(LL, iso, 'Europe/Berlin')
const on = { enabled: true, disabled_reason: null, disabled_at: null, failing_since: null }

describe('a webhook endpoint in words', () => {
  it('shows a time to the second on the given clock, its zone named by its city', () => {
    expect(zonedTime(LL, '2027-06-10T08:00:05.000Z', 'Europe/Berlin')).toBe(
      '2027-06-10 10:00:05 (Berlin)',
    )
    // Berlin's clocks went back at 03:00 on 31 October 2027: the repeated hour, told apart by UTC.
    expect(zonedTime(LL, '2027-10-31T00:30:00.000Z', 'Europe/Berlin')).toBe(
      '2027-10-31 02:30:00 (Berlin)',
    )
    expect(zonedTime(LL, '2027-10-31T01:30:00.000Z', 'Europe/Berlin')).toBe(
      '2027-10-31 02:30:00 (Berlin)',
    )
    expect(zonedTime(LL, '2027-06-10T08:00:00.000Z', 'America/New_York')).toBe(
      '2027-06-10 04:00:00 (New York)',
    )
  })

  it('names the event types with the alert rules’ words, and a ping as a test', () => {
    expect(eventTypesText(LL, { event_types: ['door.held_open', 'device.low_battery'] })).toBe(
      'Door held open, Battery low',
    )
    expect(eventTypesText(de, { event_types: ['door.forced_open'] })).toBe('Tür aufgebrochen')
  })

  it('says on, failing since when, or off with why and since when', () => {
    expect(stateText(LL, on, when)).toBe('On')
    expect(stateText(LL, { ...on, failing_since: '2027-06-10T08:00:00.000Z' }, when)).toBe(
      'On, failing since 2027-06-10 10:00:00 (Berlin)',
    )
    const failed = {
      enabled: false,
      disabled_reason: 'failing' as const,
      disabled_at: '2027-06-15T08:00:00.000Z',
      failing_since: '2027-06-10T08:00:00.000Z',
    }
    expect(stateText(LL, failed, when)).toBe(
      'Turned off after failing for 5 days, 2027-06-15 10:00:00 (Berlin)',
    )
    expect(stateText(de, failed, when)).toMatch(/^Nach 5 Tagen Fehlschlägen abgeschaltet, /)
  })

  it('gives the last attempt’s outcome, status and time, and what waits', () => {
    expect(lastDeliveryText(LL, { last_attempt: null, pending: 0 }, when)).toBe('Nothing sent yet')
    const at = '2027-06-10T08:00:00.000Z'
    expect(
      lastDeliveryText(
        LL,
        { last_attempt: { outcome: 'delivered', status: 204, at }, pending: 0 },
        when,
      ),
    ).toBe('Delivered (HTTP 204), 2027-06-10 10:00:00 (Berlin)')
    expect(
      lastDeliveryText(
        LL,
        { last_attempt: { outcome: 'connection', status: null, at }, pending: 3 },
        when,
      ),
    ).toBe('No connection, 2027-06-10 10:00:00 (Berlin) · 3 waiting')
  })

  it('words the server’s refusals of a URL at the field, by why', () => {
    const invalid = (why: string) => ({ rule: 'invalid' as const, params: { why }, message: '' })
    expect(urlProblemText(LL, invalid('not_https'))).toMatch(/^Use an https URL/)
    expect(urlProblemText(LL, invalid('address'))).toMatch(/private, link-local/)
    expect(urlProblemText(LL, invalid('unresolved'))).toBe(
      'This name does not resolve to an address.',
    )
    expect(urlProblemText(LL, { rule: 'too_many', params: { max: 20 }, message: '' })).toBe(
      'An organization has at most 20 webhook endpoints. Delete one first.',
    )
    // Any other problem is the form layer's words.
    expect(urlProblemText(LL, { rule: 'invalid', params: {}, message: '' })).toBe(
      'This value is not valid.',
    )
  })

  it('says what a test came to', () => {
    const url = 'https://hooks.example.com/in'
    expect(testOutcomeText(LL, url, null)).toBe(`Test ping to ${url}: waiting for the answer…`)
    expect(testOutcomeText(LL, url, { outcome: 'delivered', status: 200, latency_ms: 12 })).toBe(
      `Test ping to ${url} delivered: HTTP 200 in 12 ms.`,
    )
    expect(testOutcomeText(LL, url, { outcome: 'http_error', status: 500, latency_ms: 3 })).toBe(
      `Test ping to ${url} failed: Refused by the receiver (HTTP 500).`,
    )
    expect(testOutcomeText(LL, url, { outcome: 'timeout', status: null, latency_ms: 15000 })).toBe(
      `Test ping to ${url} failed: No answer within 15 s.`,
    )
  })
})
