import { useI18nContext } from '../../../i18n/i18n-react'
import type { LocationInput } from '../../contract/locations'
import { fieldProps } from '../../ui/form/field-props'
import { FormFrame, type EntityFormProps } from '../../ui/form/form-frame'
import { useContractForm } from '../../ui/form/use-contract-form'
import { TextArea } from '../../ui/text-area'
import { TextField } from '../../ui/text-field'
import { locationForm, type FormField, type FormValues } from './location-form-model'
import * as styles from './locations.css'

export function LocationForm(props: EntityFormProps<FormValues, LocationInput>) {
  const { initial, onSubmit, ...frame } = props
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
    <FormFrame form={form} {...frame}>
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
