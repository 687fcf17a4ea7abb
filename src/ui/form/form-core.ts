import { is, validate, type Struct } from 'superstruct'
import { ErrorBody } from '../../contract/errors'
import { problemOfFailure, type Problem } from '../../contract/rules'

// The form's state as pure data and transitions, so every rule (when problems show, which field
// a server answer lands on, what a failed save keeps) is testable without React.

export type FieldProblems<F extends string> = Partial<Record<F, Problem>>

/** What went wrong that no single field can show: the server's refusal, or an Error to word. */
export type FormFailure = { kind: 'problem'; problem: Problem } | { kind: 'error'; error: unknown }

export interface FormState<V, F extends string> {
  values: V
  /** The values last saved (or first shown): leaving with other values asks first. */
  initial: V
  problems: FieldProblems<F>
  submitted: boolean
  saving: boolean
  failure: FormFailure | null
}

export type Validation<T, F extends string> =
  { ok: true; input: T } | { ok: false; problems: FieldProblems<F> }

export type FormAction<V, F extends string> =
  | { type: 'change'; field: F; value: V[F & keyof V] }
  | { type: 'blur'; field: F }
  | { type: 'submit' }
  | { type: 'saved' }
  | { type: 'failed'; error: unknown }

export interface FormCoreOptions<V, T, F extends string> {
  struct: Struct<T, unknown>
  /** The fields in screen order: the first invalid one gets focus. */
  fields: readonly F[]
  /** Turns what the user typed into what the contract checks, e.g. trimmed text. */
  prepare?: (values: V) => unknown
}

export function initialState<V, F extends string>(values: V): FormState<V, F> {
  return { values, initial: values, problems: {}, submitted: false, saving: false, failure: null }
}

/** Validates with the contract struct; each field keeps its first failure. */
export function validateValues<V, T, F extends string>(
  options: FormCoreOptions<V, T, F>,
  values: V,
): Validation<T, F> {
  const [error, input] = validate(
    options.prepare ? options.prepare(values) : values,
    options.struct,
  )
  if (!error) return { ok: true, input }
  const problems: FieldProblems<F> = {}
  for (const failure of error.failures()) {
    const field = options.fields.find((name) => name === failure.path[0])
    if (field && !problems[field]) problems[field] = problemOfFailure(failure)
  }
  return { ok: false, problems }
}

export function isDirty<V, F extends string>(state: FormState<V, F>): boolean {
  return JSON.stringify(state.values) !== JSON.stringify(state.initial)
}

/** The first field, in screen order, that has a problem. */
export function firstInvalid<F extends string>(
  fields: readonly F[],
  problems: FieldProblems<F>,
): F | undefined {
  return fields.find((field) => problems[field])
}

/** The rule a server answer names and the field it blames, when its body says so. */
export function answerProblem(
  error: unknown,
): { field: string | undefined; problem: Problem } | null {
  const data = typeof error === 'object' && error !== null && 'data' in error ? error.data : null
  if (!is(data, ErrorBody) || !data.rule) return null
  return {
    field: data.field?.split('.')[0],
    problem: { rule: data.rule, params: data.params ?? {}, message: data.message },
  }
}

/** A failure shown above the form (or in a dialog): the server's rule if it named one. */
export function formFailure(error: unknown): FormFailure {
  const answer = answerProblem(error)
  return answer ? { kind: 'problem', problem: answer.problem } : { kind: 'error', error }
}

function withField<F extends string>(
  problems: FieldProblems<F>,
  field: F,
  problem: Problem | undefined,
): FieldProblems<F> {
  const next = { ...problems }
  if (problem) next[field] = problem
  else delete next[field]
  return next
}

export function reduceForm<V, T, F extends string>(
  options: FormCoreOptions<V, T, F>,
  state: FormState<V, F>,
  action: FormAction<V, F>,
): FormState<V, F> {
  switch (action.type) {
    case 'change': {
      const values = { ...state.values, [action.field]: action.value }
      // After the first submit every problem follows the input; before, only a shown one clears.
      if (state.submitted) {
        const result = validateValues(options, values)
        return { ...state, values, problems: result.ok ? {} : result.problems }
      }
      if (!state.problems[action.field]) return { ...state, values }
      const result = validateValues(options, values)
      const problem = result.ok ? undefined : result.problems[action.field]
      return { ...state, values, problems: withField(state.problems, action.field, problem) }
    }
    case 'blur': {
      // An untouched field is not scolded for being empty just because focus passed through it.
      const before = (state.initial as Record<string, unknown>)[action.field]
      const now = (state.values as Record<string, unknown>)[action.field]
      if (JSON.stringify(before) === JSON.stringify(now)) return state
      const result = validateValues(options, state.values)
      const problem = result.ok ? undefined : result.problems[action.field]
      return { ...state, problems: withField(state.problems, action.field, problem) }
    }
    case 'submit': {
      const result = validateValues(options, state.values)
      if (!result.ok) return { ...state, submitted: true, problems: result.problems, failure: null }
      return { ...state, submitted: true, problems: {}, saving: true, failure: null }
    }
    case 'saved':
      return { ...state, saving: false, initial: state.values }
    case 'failed': {
      // A 400/409 that names one of our fields is shown there; anything else above the form.
      const answer = answerProblem(action.error)
      const field = options.fields.find((name) => name === answer?.field)
      if (answer && field) {
        const problems = withField(state.problems, field, answer.problem)
        return { ...state, saving: false, problems }
      }
      return { ...state, saving: false, failure: formFailure(action.error) }
    }
  }
}
