import { describe, expect, it } from 'vitest'
import { MAX_WEBHOOK_URL_LENGTH } from '../../contract/webhooks'
import { validateValues } from '../../ui/form/form-core'
import {
  emptyValues,
  inListOrder,
  valuesOf,
  webhookForm,
  type FormValues,
} from './webhook-form-model'

/** Each field's broken rule. */
function rules(values: FormValues) {
  const result = validateValues(webhookForm, values)
  if (result.ok) return result
  return Object.fromEntries(Object.entries(result.problems).map(([field, p]) => [field, p?.rule]))
}

const filled: FormValues = {
  url: ' https://hooks.example.com/access ',
  event_types: ['door.held_open', 'door.forced_open'],
  description: ' SIEM ',
  enabled: true,
}

describe('the webhook form model', () => {
  it('asks for a URL and an event type on the fields the server names', () => {
    expect(rules(emptyValues)).toEqual({ url: 'required', event_types: 'required' })
  })

  it('sends the URL and description trimmed, and whether it is on', () => {
    expect(validateValues(webhookForm, { ...filled, enabled: false })).toEqual({
      ok: true,
      input: {
        url: 'https://hooks.example.com/access',
        event_types: ['door.held_open', 'door.forced_open'],
        description: 'SIEM',
        enabled: false,
      },
    })
  })

  it('refuses what is not an absolute http(s) URL, or one with a password, before sending', () => {
    expect(rules({ ...filled, url: 'hooks.example.com' })).toEqual({ url: 'invalid' })
    expect(rules({ ...filled, url: 'ftp://hooks.example.com/' })).toEqual({ url: 'invalid' })
    expect(rules({ ...filled, url: 'https://me:secret@hooks.example.com/' })).toEqual({
      url: 'invalid',
    })
    expect(
      rules({ ...filled, url: `https://a.example/${'x'.repeat(MAX_WEBHOOK_URL_LENGTH)}` }),
    ).toEqual({
      url: 'too_long',
    })
    // Whether plain http may go there is the server's to say, after DNS: the form lets it through.
    expect(validateValues(webhookForm, { ...filled, url: 'http://127.0.0.1:9716/' }).ok).toBe(true)
  })

  it('keeps the types in the list’s order, whatever order they were ticked in', () => {
    expect(inListOrder(['door.forced_open', 'door.held_open', 'nonsense'])).toEqual([
      'door.held_open',
      'door.forced_open',
    ])
  })

  it('starts an edit from the endpoint as saved', () => {
    const values = valuesOf({
      webhook_id: 1,
      organization_id: 1,
      url: 'https://hooks.example.com/',
      description: 'SIEM',
      event_types: ['lockdown.started'],
      enabled: false,
      disabled_reason: 'failing',
      disabled_at: '2027-06-10T08:00:00.000Z',
      failing_since: '2027-06-05T08:00:00.000Z',
      last_attempt: null,
      pending: 0,
      previous_secret_until: null,
      secret_rotated_at: null,
      created_at: '2027-06-01T08:00:00.000Z',
      updated_at: '2027-06-10T08:00:00.000Z',
    })
    expect(values).toEqual({
      url: 'https://hooks.example.com/',
      event_types: ['lockdown.started'],
      description: 'SIEM',
      enabled: false,
    })
  })
})
