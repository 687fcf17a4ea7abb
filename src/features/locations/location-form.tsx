import type { ReactNode } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { LocationInput } from '../../contract/locations'
import { fieldProps } from '../../ui/form/field-props'
import { FormFrame } from '../../ui/form/form-frame'
import { useContractForm } from '../../ui/form/use-contract-form'
import { TextArea } from '../../ui/text-area'
import { TextField } from '../../ui/text-field'
import { locationForm, type FormField, type FormValues } from './location-form-model'
import * as styles from './locations.css'

interface LocationFormProps {
  initial: FormValues
  /** The form's accessible name: the page title. */
  label: string
  submitLabel: string
  /** Rejects with the API error; the form keeps the input and shows it. */
  onSubmit: (input: LocationInput) => Promise<unknown>
  /** Extra actions after Cancel, e.g. Delete on the edit page. */
  extraActions?: ReactNode
  onCancel: () => void
}

export function LocationForm(props: LocationFormProps) {
  const { initial, label, submitLabel, onSubmit, extraActions, onCancel } = props
  const { LL } = useI18nContext()
  const form = useContractForm(locationForm.struct, initial, { ...locationForm, onSubmit })
  const text = (field: Exclude<FormField, 'description'>, fieldLabel: string, required = false) => (
    <TextField
      label={fieldLabel}
      required={required}
      autoComplete="off"
      {...fieldProps(form, field)}
    />
  )
  return (
    <FormFrame
      form={form}
      label={label}
      submitLabel={submitLabel}
      onCancel={onCancel}
      extraActions={extraActions}
    >
      {text('name', LL.locations.name(), true)}
      <div className={styles.formRow}>
        {text('street', LL.locations.street())}
        {text('number', LL.locations.number())}
      </div>
      <div className={styles.formRow}>
        {text('postal_code', LL.locations.postalCode())}
        {text('locality', LL.locations.locality())}
      </div>
      <TextArea label={LL.locations.description()} {...fieldProps(form, 'description')} />
    </FormFrame>
  )
}
