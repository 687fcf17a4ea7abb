import type { ChangeEvent } from 'react'
import type { ContractForm } from './use-contract-form'

/** The fields of a form whose value is plain text. */
type TextFields<V, F extends string> = {
  [K in F & keyof V]: V[K] extends string ? (string extends V[K] ? K : never) : never
}[F & keyof V]

type Editable = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement

/**
 * Binds a text field, text area or select to one field of a form: its name (what focus finds on a
 * problem), value, problem in words, and the change and blur that the form tracks.
 * `<TextField label={…} required {...fieldProps(form, 'name')} />`
 */
export function fieldProps<V, F extends string, K extends TextFields<V, F>>(
  form: ContractForm<V, F>,
  field: K,
) {
  return {
    name: field,
    // TextFields<V, F> keeps only the fields whose value is a string.
    value: form.values[field] as string,
    error: form.error(field),
    onChange: (event: ChangeEvent<Editable>) => form.set(field, event.target.value as V[K]),
    onBlur: () => form.blur(field),
  }
}
