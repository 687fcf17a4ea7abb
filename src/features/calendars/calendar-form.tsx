import { useI18nContext } from '../../../i18n/i18n-react'
import type { CalendarInput } from '../../contract/access-model'
import { fieldProps } from '../../ui/form/field-props'
import { FormFrame, type EntityFormProps } from '../../ui/form/form-frame'
import { useContractForm } from '../../ui/form/use-contract-form'
import { TextField } from '../../ui/text-field'
import { calendarForm, type FormValues } from './calendar-form-model'

export function CalendarForm(props: EntityFormProps<FormValues, CalendarInput>) {
  const { initial, onSubmit, ...frame } = props
  const { LL } = useI18nContext()
  const form = useContractForm(calendarForm.struct, initial, { ...calendarForm, onSubmit })
  return (
    <FormFrame form={form} {...frame}>
      <TextField
        label={LL.calendars.name()}
        required
        autoComplete="off"
        {...fieldProps(form, 'name')}
      />
    </FormFrame>
  )
}
