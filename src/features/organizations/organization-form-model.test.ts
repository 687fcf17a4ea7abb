import { describe, expect, it } from 'vitest'
import { addClient, problemOf, validateOrganization } from './organization-form-model'

describe('validateOrganization', () => {
  it('reports SPEC 5 rules per field', () => {
    const result = validateOrganization({ name: '  ', description: '', client_ids: [] })
    expect(result).toEqual({
      ok: false,
      problems: { name: { kind: 'nameRequired' }, client_ids: { kind: 'clientsRequired' } },
    })
  })

  it('refuses duplicate clients and over-long names', () => {
    const result = validateOrganization({
      name: 'x'.repeat(201),
      description: '',
      client_ids: ['a', 'a'],
    })
    expect(result).toEqual({
      ok: false,
      problems: { name: { kind: 'tooLong', max: 200 }, client_ids: { kind: 'clientExists' } },
    })
  })

  it('returns the trimmed input when valid', () => {
    expect(
      validateOrganization({ name: ' Acme ', description: ' HQ ', client_ids: ['acme-web'] }),
    ).toEqual({ ok: true, input: { name: 'Acme', description: 'HQ', client_ids: ['acme-web'] } })
  })
})

describe('addClient', () => {
  it('adds a well-formed new id', () => {
    expect(addClient(['a'], ' b.c ')).toEqual({ ok: true, clientIds: ['a', 'b.c'] })
  })

  it('refuses duplicates and malformed ids', () => {
    expect(addClient(['a'], 'a')).toEqual({ ok: false, problem: { kind: 'clientExists' } })
    expect(addClient([], 'has space')).toEqual({ ok: false, problem: { kind: 'clientInvalid' } })
    expect(addClient([], '')).toEqual({ ok: false, problem: { kind: 'clientInvalid' } })
  })
})

describe('problemOf', () => {
  it('maps the server texts it knows and nothing else', () => {
    expect(problemOf('Client already exists!')).toEqual({ kind: 'clientExists' })
    expect(problemOf('At most 50 clients.')).toEqual({ kind: 'tooManyClients', max: 50 })
    expect(problemOf('Something new')).toEqual({ kind: 'unknown' })
  })
})
