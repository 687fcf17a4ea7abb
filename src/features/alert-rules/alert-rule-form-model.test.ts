import { describe, expect, it } from 'vitest'
import { validateValues } from '../../ui/form/form-core'
import {
  alertRuleForm,
  emptyValues,
  takesThreshold,
  type FormValues,
} from './alert-rule-form-model'

/** Each field's broken rule. */
function rules(values: FormValues) {
  const result = validateValues(alertRuleForm, values)
  if (result.ok) return result
  return Object.fromEntries(Object.entries(result.problems).map(([field, p]) => [field, p?.rule]))
}

const heldOpen: FormValues = {
  ...emptyValues,
  name: ' Held open > 60 s at Acme HQ ',
  event_types: ['door.held_open'],
  scope: { kind: 'location', id: '1' },
  threshold_s: '60',
  recipients: { user_ids: ['4'], group_ids: ['2'] },
  channels: ['console', 'email'],
}

describe('the alert rule form model', () => {
  it('asks for a name, an event type and a place on the fields the server names', () => {
    const problems = rules(emptyValues)
    expect(Object.keys(problems).sort()).toEqual(['event_types', 'name', 'scope'])
    expect(problems).toMatchObject({ name: 'required', event_types: 'required' })
  })

  it('sends numbers for ids and the threshold, the name trimmed', () => {
    expect(validateValues(alertRuleForm, heldOpen)).toEqual({
      ok: true,
      input: {
        name: 'Held open > 60 s at Acme HQ',
        event_types: ['door.held_open'],
        scope: { kind: 'location', id: 1 },
        threshold_s: 60,
        severity: 'warning',
        instructions: '',
        recipients: { user_ids: [4], group_ids: [2] },
        channels: ['console', 'email'],
      },
    })
  })

  it('sends a threshold only with an event that lasts, and refuses one over a day', () => {
    const forced = validateValues(alertRuleForm, { ...heldOpen, event_types: ['door.forced_open'] })
    expect(forced.ok && 'threshold_s' in forced.input).toBe(false)
    expect(rules({ ...heldOpen, threshold_s: '86401' })).toEqual({ threshold_s: 'invalid' })
    expect(rules({ ...heldOpen, threshold_s: 'soon' })).toHaveProperty('threshold_s')
    expect(takesThreshold(['device.disconnected', 'door.closed'])).toBe(true)
    expect(takesThreshold(['door.closed'])).toBe(false)
  })

  it('refuses no channel', () => {
    expect(rules({ ...heldOpen, channels: [] })).toEqual({ channels: 'required' })
  })
})
