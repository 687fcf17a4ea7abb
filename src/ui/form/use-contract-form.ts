import { useEffect, useReducer, useRef, useState, type FormEvent, type RefObject } from 'react'
import type { Struct } from 'superstruct'
import { useI18nContext } from '../../../i18n/i18n-react'
import { failureText } from './failure-text'
import {
  firstInvalid,
  initialState,
  isDirty,
  reduceForm,
  validateValues,
  type FormAction,
  type FormCoreOptions,
  type FormState,
} from './form-core'
import { problemText } from './problem-text'

export interface ContractFormOptions<V, T, F extends string> {
  /** The fields in screen order; defaults to the keys of the initial values. */
  fields?: readonly F[]
  prepare?: (values: V) => unknown
  /** The element to focus for a field when it is not an element named after it. */
  focusTargets?: Partial<Record<F, string>>
  /** Saves the contract-checked input; a rejection keeps every typed value and shows why. */
  onSubmit: (input: T) => Promise<unknown>
}

export interface ContractForm<V, F extends string> {
  state: FormState<V, F>
  values: V
  saving: boolean
  dirty: boolean
  set: <K extends F & keyof V>(field: K, value: V[K]) => void
  blur: (field: F) => void
  /** The field's problem in the user's language, or null. */
  error: (field: F) => string | null
  /** The form-level failure in words, or null. */
  failure: string | null
  formRef: RefObject<HTMLFormElement | null>
  failureRef: RefObject<HTMLDivElement | null>
  submit: (event?: FormEvent) => Promise<void>
}

type Fields<V> = Extract<keyof V, string>

export function useContractForm<V extends object, T, F extends string = Fields<V>>(
  struct: Struct<T, unknown>,
  initial: V,
  options: ContractFormOptions<V, T, F>,
): ContractForm<V, F> {
  const { LL } = useI18nContext()
  const { prepare, focusTargets, onSubmit } = options
  const core: FormCoreOptions<V, T, F> = {
    struct,
    fields: options.fields ?? (Object.keys(initial) as F[]),
    ...(prepare ? { prepare } : {}),
  }
  const [state, dispatch] = useReducer(
    (current: FormState<V, F>, action: FormAction<V, F>) => reduceForm(core, current, action),
    initial,
    initialState<V, F>,
  )
  const formRef = useRef<HTMLFormElement | null>(null)
  const failureRef = useRef<HTMLDivElement | null>(null)

  // What to focus once the answer is on screen: the first field with a problem, or the message.
  const [focusNext, setFocusNext] = useState<{ target: F | 'failure' } | null>(null)
  // Read through a ref: a screen passing a new object each render must not move focus again.
  const targets = useRef(focusTargets)
  useEffect(() => {
    targets.current = focusTargets
  })
  useEffect(() => {
    if (!focusNext) return
    const { target } = focusNext
    if (target === 'failure') {
      failureRef.current?.focus()
      return
    }
    const name = targets.current?.[target] ?? target
    formRef.current?.querySelector<HTMLElement>(`[name="${name}"], [data-field="${name}"]`)?.focus()
  }, [focusNext])

  const submit = async (event?: FormEvent) => {
    event?.preventDefault()
    if (state.saving) return
    const result = validateValues(core, state.values)
    dispatch({ type: 'submit' })
    if (!result.ok) {
      const first = firstInvalid(core.fields, result.problems)
      if (first) setFocusNext({ target: first })
      return
    }
    try {
      await onSubmit(result.input)
      dispatch({ type: 'saved' })
    } catch (error) {
      dispatch({ type: 'failed', error })
      const next = reduceForm(core, { ...state, problems: {} }, { type: 'failed', error })
      const field = firstInvalid(core.fields, next.problems)
      setFocusNext({ target: next.failure || !field ? 'failure' : field })
    }
  }

  const error = (field: F) => {
    const problem = state.problems[field]
    return problem ? problemText(LL, problem) : null
  }

  return {
    state,
    values: state.values,
    saving: state.saving,
    dirty: isDirty(state),
    set: (field, value) => dispatch({ type: 'change', field, value }),
    blur: (field) => dispatch({ type: 'blur', field }),
    error,
    failure: state.failure ? failureText(LL, state.failure) : null,
    formRef,
    failureRef,
    submit,
  }
}
