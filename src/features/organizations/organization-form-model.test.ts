import { describe, expect, it } from 'vitest'
import { validateValues } from '../../ui/form/form-core'
import { addClient, organizationForm, type FormValues } from './organization-form-model'

/** Each field's broken rule and its parameters. */
function rules(values: FormValues) {
  const result = validateValues(organizationForm, values)
  if (result.ok) return result
  return Object.fromEntries(
    Object.entries(result.problems).map(([field, p]) => [field, [p?.rule, p?.params]]),
  )
}

describe('the organization form model', () => {
  it('reports the validation rules per field', () => {
    expect(rules({ name: '  ', description: '', client_ids: [], time_zone: 'UTC' })).toEqual({
      name: ['required', { subject: 'name' }],
      client_ids: ['required', { subject: 'clients' }],
    })
  })

  it('refuses duplicate clients and over-long names', () => {
    expect(
      rules({ name: 'x'.repeat(201), description: '', client_ids: ['a', 'a'], time_zone: 'UTC' }),
    ).toEqual({
      name: ['too_long', { max: 200 }],
      client_ids: ['client_exists', {}],
    })
  })

  it('checks the trimmed input', () => {
    expect(
      validateValues(organizationForm, {
        name: ' Acme ',
        description: ' HQ ',
        client_ids: ['acme-web'],
        time_zone: 'Europe/Berlin',
      }),
    ).toEqual({
      ok: true,
      input: {
        name: 'Acme',
        description: 'HQ',
        client_ids: ['acme-web'],
        time_zone: 'Europe/Berlin',
      },
    })
  })

  it('takes an IANA zone, refuses anything else, and leaves an empty one to the server', () => {
    const values = { name: 'Acme', description: '', client_ids: ['acme-web'] }
    expect(rules({ ...values, time_zone: 'Mars/Olympus' })).toEqual({
      time_zone: ['invalid', {}],
    })
    expect(rules({ ...values, time_zone: '+05:00' })).toEqual({ time_zone: ['invalid', {}] })
    expect(validateValues(organizationForm, { ...values, time_zone: '' })).toEqual({
      ok: true,
      input: { ...values, description: '' },
    })
  })
})

describe('addClient', () => {
  it('adds a well-formed new id', () => {
    expect(addClient(['a'], ' b.c ')).toEqual({ ok: true, clientIds: ['a', 'b.c'] })
  })

  it('refuses duplicates, malformed ids and a 51st client by the contract rule', () => {
    const rule = (result: ReturnType<typeof addClient>) => (result.ok ? null : result.problem.rule)
    expect(rule(addClient(['a'], 'a'))).toBe('client_exists')
    expect(rule(addClient([], 'has space'))).toBe('client_id_invalid')
    expect(rule(addClient([], ''))).toBe('client_id_invalid')
    const fifty = Array.from({ length: 50 }, (_, i) => `c${i}`)
    expect(rule(addClient(fifty, 'one-more'))).toBe('too_many')
  })
})
