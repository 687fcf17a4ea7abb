import { describe, expect, it } from 'vitest'
import { validateValues } from '../../ui/form/form-core'
import { emptyValues, locationForm, type FormValues } from './location-form-model'

/** Each field's broken rule and its parameters. */
function rules(values: FormValues) {
  const result = validateValues(locationForm, values)
  if (result.ok) return result
  return Object.fromEntries(
    Object.entries(result.problems).map(([field, p]) => [field, [p?.rule, p?.params]]),
  )
}

describe('the location form model', () => {
  it('requires a name (Name is required.)', () => {
    expect(rules({ ...emptyValues, name: '   ', locality: 'Berlin' })).toEqual({
      name: ['required', { subject: 'name' }],
    })
  })

  it('refuses over-long address parts', () => {
    expect(rules({ ...emptyValues, name: 'HQ', number: '1'.repeat(21) })).toEqual({
      number: ['too_long', { max: 20 }],
    })
  })

  it('checks the trimmed input', () => {
    expect(
      validateValues(locationForm, {
        name: ' HQ ',
        street: ' Hauptstraße ',
        number: '5',
        postal_code: ' 10115',
        locality: 'Berlin ',
        description: '',
      }),
    ).toEqual({
      ok: true,
      input: {
        name: 'HQ',
        street: 'Hauptstraße',
        number: '5',
        postal_code: '10115',
        locality: 'Berlin',
        description: '',
      },
    })
  })
})
