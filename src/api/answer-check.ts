import { StructError, validate, type Failure, type Struct } from 'superstruct'
import { compiledRun, FAILED } from '../contract/struct'

/**
 * `validate(value, schema, { coerce: true })`, with the same value and the same error. The answer
 * is checked by the contract's compiled check (contract/struct.ts); one that fails goes to
 * superstruct's `validate`, which reports the failure exactly as before.
 */
export function checkAnswer<T>(
  value: unknown,
  schema: Struct<T, unknown>,
): [StructError, undefined] | [undefined, T] {
  try {
    const checked = compiledRun(schema, value)
    if (checked !== FAILED) return [undefined, checked as T]
    return validate(value, schema, { coerce: true })
  } catch {
    // superstruct's messages print the value, and some values cannot be printed: an object whose
    // toString is not a function throws a TypeError from inside its rules (those of a union, say,
    // also while the compiled check walks it). Refused all the same.
    return [undescribed(value), undefined]
  }
}

function undescribed(value: unknown): StructError {
  const failure: Failure = {
    value,
    key: undefined,
    type: 'answer',
    refinement: undefined,
    message: 'The answer breaks the contract with a value that cannot be shown',
    branch: [value],
    path: [],
  }
  return new StructError(failure, function* () {})
}
