import { describe, expect, it } from 'vitest'
import { validateValues } from '../../ui/form/form-core'
import { createGroupForm, updateGroupForm, valuesOf } from './group-form-model'

const rules = (result: ReturnType<typeof validateValues>) =>
  result.ok
    ? result
    : Object.fromEntries(
        Object.entries(result.problems).map(([field, p]) => [field, [p?.rule, p?.params]]),
      )

describe('the group form model', () => {
  it('asks for a name and refuses one over 200 characters', () => {
    const values = { name: '  ', description: '', organization_id: '' }
    expect(rules(validateValues(createGroupForm, values))).toEqual({
      name: ['required', { subject: 'name' }],
    })
    expect(rules(validateValues(updateGroupForm, { ...values, name: 'x'.repeat(201) }))).toEqual({
      name: ['too_long', { max: 200 }],
    })
  })

  it('sends the trimmed text, and the organization only when one was chosen', () => {
    const values = { name: ' Front desk ', description: ' Reception ', organization_id: '' }
    expect(validateValues(createGroupForm, values)).toEqual({
      ok: true,
      input: { name: 'Front desk', description: 'Reception' },
    })
    expect(validateValues(createGroupForm, { ...values, organization_id: '3' })).toEqual({
      ok: true,
      input: { name: 'Front desk', description: 'Reception', organization_id: 3 },
    })
  })

  it('never sends the organization of a group it edits', () => {
    const group = {
      group_id: 4,
      organization_id: 2,
      name: 'Cleaning',
      description: '',
      member_count: 3,
      created_at: '2027-01-04T08:00:00Z',
      updated_at: '2027-01-04T08:00:00Z',
    }
    expect(validateValues(updateGroupForm, valuesOf(group))).toEqual({
      ok: true,
      input: { name: 'Cleaning', description: '' },
    })
  })
})
