import { describe, expect, it } from 'vitest'
import { OrganizationInput } from '../../contract/organizations'
import {
  firstInvalid,
  initialState,
  isDirty,
  reduceForm,
  type FormAction,
  type FormState,
} from './form-core'

type Values = { name: string; description: string; client_ids: string[] }
type Field = keyof Values

const options = {
  struct: OrganizationInput,
  fields: ['name', 'description', 'client_ids'] as const,
}
const start: Values = { name: '', description: '', client_ids: ['acme'] }

function run(...actions: FormAction<Values, Field>[]): FormState<Values, Field> {
  return actions.reduce((state, action) => reduceForm(options, state, action), initialState(start))
}

const rules = (state: FormState<Values, Field>) =>
  Object.fromEntries(Object.entries(state.problems).map(([field, p]) => [field, p?.rule]))

// Shaped like the API client's error (status and parsed body), which the core reads structurally.
const httpError = (status: number, data: unknown) =>
  Object.assign(new Error(`HTTP ${status}`), { status, data })

describe('the form core', () => {
  it('shows nothing while typing before the first submit, and nothing for a field only passed through', () => {
    expect(rules(run({ type: 'change', field: 'name', value: 'x'.repeat(300) }))).toEqual({})
    expect(rules(run({ type: 'blur', field: 'name' }))).toEqual({})
  })

  it('checks an edited field when it loses focus', () => {
    const state = run(
      { type: 'change', field: 'name', value: 'x'.repeat(201) },
      { type: 'blur', field: 'name' },
    )
    expect(state.problems.name).toMatchObject({ rule: 'too_long', params: { max: 200 } })
  })

  it('on submit shows every problem, in screen order, and saves nothing', () => {
    const state = run({ type: 'change', field: 'client_ids', value: [] }, { type: 'submit' })
    expect(rules(state)).toEqual({ name: 'required', client_ids: 'required' })
    expect(firstInvalid(options.fields, state.problems)).toBe('name')
    expect(state.saving).toBe(false)
  })

  it('after the first submit, problems follow the input', () => {
    const typed = run({ type: 'submit' }, { type: 'change', field: 'name', value: 'Acme' })
    expect(rules(typed)).toEqual({})
    const cleared = reduceForm(options, typed, { type: 'change', field: 'name', value: ' ' })
    expect(rules(cleared)).toEqual({ name: 'required' })
  })

  it('a valid submit saves; once saved the values are no longer unsaved changes', () => {
    const saving = run({ type: 'change', field: 'name', value: 'Acme' }, { type: 'submit' })
    expect(saving.saving).toBe(true)
    expect(isDirty(saving)).toBe(true)
    const saved = reduceForm(options, saving, { type: 'saved' })
    expect(saved.saving).toBe(false)
    expect(isDirty(saved)).toBe(false)
  })

  it('puts a 409 that names a field on that field and keeps every typed value', () => {
    const taken = httpError(409, {
      error: 'conflict',
      message: 'Client already exists!',
      field: 'client_ids',
      rule: 'taken',
      params: { subject: 'client' },
    })
    const state = run(
      { type: 'change', field: 'name', value: 'Acme' },
      { type: 'change', field: 'description', value: 'HQ' },
      { type: 'submit' },
      { type: 'failed', error: taken },
    )
    expect(state.problems.client_ids).toMatchObject({
      rule: 'taken',
      params: { subject: 'client' },
    })
    expect(state.failure).toBeNull()
    expect(state.values).toEqual({ name: 'Acme', description: 'HQ', client_ids: ['acme'] })
    expect(state.saving).toBe(false)
  })

  it('puts a nested 400 path on its top-level field', () => {
    const bad = httpError(400, {
      error: 'validation',
      message: 'Expected a client id…',
      field: 'client_ids.0',
      rule: 'client_id_invalid',
      params: {},
    })
    const state = run(
      { type: 'change', field: 'name', value: 'A' },
      { type: 'submit' },
      {
        type: 'failed',
        error: bad,
      },
    )
    expect(rules(state)).toEqual({ client_ids: 'client_id_invalid' })
  })

  it('keeps anything else for the form: a rule without our field, or a plain error', () => {
    const inUse = httpError(409, {
      error: 'conflict',
      message: 'The organization still has users, locations or devices.',
      rule: 'in_use',
      params: { subject: 'organization' },
    })
    const refused = run(
      { type: 'change', field: 'name', value: 'A' },
      { type: 'submit' },
      {
        type: 'failed',
        error: inUse,
      },
    )
    expect(refused.failure).toMatchObject({ kind: 'problem', problem: { rule: 'in_use' } })
    const offline = Object.assign(new Error('offline'), { kind: 'FETCH_ERROR' })
    const failed = reduceForm(options, refused, { type: 'failed', error: offline })
    expect(failed.failure).toEqual({ kind: 'error', error: offline })
    expect(failed.values.name).toBe('A')
  })

  it('a new submit forgets the last failure', () => {
    const failed = run({ type: 'submit' }, { type: 'failed', error: new Error('x') })
    expect(reduceForm(options, failed, { type: 'submit' }).failure).toBeNull()
  })
})
