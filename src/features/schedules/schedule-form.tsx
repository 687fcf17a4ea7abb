import { useI18nContext } from '../../../i18n/i18n-react'
import type { ScheduleInput } from '../../contract/access-model'
import { fieldProps } from '../../ui/form/field-props'
import { FormFrame, type EntityFormProps } from '../../ui/form/form-frame'
import { useContractForm } from '../../ui/form/use-contract-form'
import { TextField } from '../../ui/text-field'
import { WeekEditor } from '../../ui/week-editor/week-editor'
import { scheduleForm, type FormValues } from './schedule-form-model'
import * as styles from './schedules.css'

export function ScheduleForm(props: EntityFormProps<FormValues, ScheduleInput>) {
  const { initial, onSubmit, ...frame } = props
  const { LL } = useI18nContext()
  const form = useContractForm(scheduleForm.struct, initial, { ...scheduleForm, onSubmit })
  return (
    <FormFrame form={form} {...frame}>
      <TextField
        label={LL.schedules.name()}
        required
        autoComplete="off"
        {...fieldProps(form, 'name')}
      />
      <WeekEditor
        name="intervals"
        value={form.values.intervals}
        error={form.error('intervals')}
        onChange={(intervals) => form.set('intervals', intervals)}
      />
      <p className={styles.note}>{LL.schedules.zoneNote()}</p>
    </FormFrame>
  )
}
