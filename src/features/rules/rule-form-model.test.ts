import { describe, expect, it } from 'vitest'
import { validateValues } from '../../ui/form/form-core'
import { emptyValues, ruleForm, type FormValues } from './rule-form-model'

/** Each field's broken rule and its parameters. */
function rules(values: FormValues) {
  const result = validateValues(ruleForm, values)
  if (result.ok) return result
  return Object.fromEntries(
    Object.entries(result.problems).map(([field, p]) => [field, [p?.rule, p?.params]]),
  )
}

const ground = { type: 'floor' as const, id: 10, name: 'Ground floor' }

describe('the access rule form model', () => {
  it('asks for a name, a group, a place and a schedule (or at any time)', () => {
    expect(rules(emptyValues)).toEqual({
      name: ['required', { subject: 'name' }],
      group_ids: ['required', { subject: 'group' }],
      targets: ['required', { subject: 'target' }],
      schedule_id: ['required', { subject: 'schedule' }],
    })
  })

  it('sends ids, places without their names, null for at any time and for no limit', () => {
    expect(
      validateValues(ruleForm, {
        ...emptyValues,
        name: ' Front desk in business hours ',
        group_ids: ['3'],
        targets: [ground],
        schedule_id: '7',
      }),
    ).toEqual({
      ok: true,
      input: {
        name: 'Front desk in business hours',
        group_ids: [3],
        targets: [{ type: 'floor', id: 10 }],
        schedule_id: 7,
        valid_from: null,
        valid_until: null,
      },
    })
    const anyTime = validateValues(ruleForm, {
      ...emptyValues,
      name: 'Always',
      group_ids: ['3'],
      targets: [ground],
      anyTime: true,
      schedule_id: '7',
    })
    expect(anyTime.ok && anyTime.input.schedule_id).toBeNull()
  })

  it('refuses a window that ends before it starts, on its end', () => {
    expect(
      rules({
        ...emptyValues,
        name: 'Contractors',
        group_ids: ['3'],
        targets: [ground],
        anyTime: true,
        valid_from: '2027-06-01T00:00:00+02:00',
        valid_until: '2027-05-01T00:00:00+02:00',
      }),
    ).toEqual({ valid_until: ['end_before_start', {}] })
  })
})
