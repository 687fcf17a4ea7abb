import { describe, expect, it } from 'vitest'
import { validateValues } from '../../ui/form/form-core'
import {
  credentialForm,
  emptyValues,
  windowOfValues,
  type FormValues,
} from './credential-form-model'

/** Each field's broken rule and its parameters. */
function rules(values: FormValues) {
  const result = validateValues(credentialForm, values)
  if (result.ok) return result
  return Object.fromEntries(
    Object.entries(result.problems).map(([field, p]) => [field, [p?.rule, p?.params]]),
  )
}

const filled: FormValues = {
  ...emptyValues,
  user_id: '4',
  assignment_id: '9',
  start_datetime: '2026-12-01T08:00:00+01:00',
  end_datetime: '2026-12-31T18:00:00+01:00',
}

describe('the credential form model', () => {
  it('says User is required only when no user is chosen', () => {
    expect(rules({ ...filled, user_id: '' })).toEqual({
      user_id: ['required', { subject: 'user' }],
    })
  })

  it('wants an end after the start unless permanent', () => {
    expect(rules({ ...filled, end_datetime: '2026-11-30T08:00:00+01:00' })).toEqual({
      end_datetime: ['end_before_start', {}],
    })
    expect(rules({ ...filled, end_datetime: '' })).toEqual({
      end_datetime: ['required', { subject: 'end' }],
    })
    expect(
      validateValues(credentialForm, { ...filled, end_datetime: '', permanent: true }).ok,
    ).toBe(true)
  })

  it('wants at least one weekday for a weekly repetition', () => {
    expect(rules({ ...filled, repetition: { kind: 'weekly', weekdays: [] } })).toEqual({
      repetition: ['required', { subject: 'weekdays' }],
    })
  })

  it('sends what the contract takes: ids as numbers, no end when permanent', () => {
    const permanent = {
      ...filled,
      permanent: true,
      repetition: { kind: 'daily' as const, weekdays: [] },
    }
    expect(validateValues(credentialForm, permanent)).toEqual({
      ok: true,
      input: {
        user_id: 4,
        assignment_type: 'device',
        assignment_id: 9,
        start_datetime: '2026-12-01T08:00:00+01:00',
        end_datetime: null,
        exclusive: false,
        permanent: true,
        repetition: { type: 'daily' },
      },
    })
    expect(windowOfValues(permanent)).toEqual({
      start: '2026-12-01T08:00:00+01:00',
      end: null,
      permanent: true,
      repetition: { type: 'daily' },
    })
  })
})
