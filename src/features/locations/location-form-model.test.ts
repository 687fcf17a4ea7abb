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
        organization_id: '2',
        image_url: ' https://example.com/hq.jpg ',
        description: '',
        time_zone: 'Europe/Berlin',
      }),
    ).toEqual({
      ok: true,
      input: {
        name: 'HQ',
        street: 'Hauptstraße',
        number: '5',
        postal_code: '10115',
        locality: 'Berlin',
        organization_id: 2,
        image_url: 'https://example.com/hq.jpg',
        description: '',
        time_zone: 'Europe/Berlin',
      },
    })
  })

  it('sends no zone of its own as null (its organization’s), and refuses an unknown zone', () => {
    const ok = validateValues(locationForm, { ...emptyValues, name: 'HQ' })
    expect(ok).toMatchObject({ ok: true, input: { time_zone: null } })
    expect(rules({ ...emptyValues, name: 'HQ', time_zone: 'Europe/Atlantis' })).toEqual({
      time_zone: ['invalid', {}],
    })
  })

  it('sends no image as null and refuses an image address that is not a web address', () => {
    const ok = validateValues(locationForm, { ...emptyValues, name: 'HQ' })
    expect(ok).toMatchObject({ ok: true, input: { image_url: null, organization_id: undefined } })
    expect(rules({ ...emptyValues, name: 'HQ', image_url: 'hq.jpg' })).toEqual({
      image_url: ['image_url_invalid', {}],
    })
  })
})
