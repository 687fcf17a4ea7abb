import { useI18nContext } from '../../../i18n/i18n-react'
import { schedulePicker } from '../../api/pickers'
import { Combobox } from '../../ui/combobox/combobox'
import { DateTimeField } from '../../ui/date-time-field'
import * as fieldset from '../../ui/fieldset.css'
import { fieldProps } from '../../ui/form/field-props'
import { FormFrame, type EntityFormProps } from '../../ui/form/form-frame'
import { useContractForm } from '../../ui/form/use-contract-form'
import { TextField } from '../../ui/text-field'
import { GroupsField, TargetsField } from './rule-fields'
import { ruleForm, type FormValues, type RuleFormInput } from './rule-form-model'
import * as styles from './rules.css'

/** Name → groups → places from the location tree → schedule (or at any time) → valid from/until. */
export function RuleForm(props: EntityFormProps<FormValues, RuleFormInput>) {
  const { initial, onSubmit, ...frame } = props
  const { LL } = useI18nContext()
  const form = useContractForm(ruleForm.struct, initial, { ...ruleForm, onSubmit })
  const { values } = form
  const when = [
    { anyTime: false, label: LL.rules.onSchedule() },
    { anyTime: true, label: LL.rules.anyTime() },
  ]
  return (
    <FormFrame form={form} {...frame}>
      <TextField
        label={LL.rules.name()}
        required
        autoComplete="off"
        {...fieldProps(form, 'name')}
      />
      <GroupsField
        value={values.group_ids}
        error={form.error('group_ids')}
        onChange={(ids) => form.set('group_ids', ids)}
      />
      <TargetsField
        value={values.targets}
        error={form.error('targets')}
        onChange={(targets) => form.set('targets', targets)}
      />
      <fieldset className={fieldset.fieldset}>
        <legend className={fieldset.legend}>{LL.rules.schedule()}</legend>
        <div className={styles.actions}>
          {when.map(({ anyTime, label }) => (
            <label key={label}>
              <input
                type="radio"
                name="anyTime"
                checked={values.anyTime === anyTime}
                onChange={() => form.set('anyTime', anyTime)}
              />{' '}
              {label}
            </label>
          ))}
        </div>
        {values.anyTime ? null : (
          <Combobox
            name="schedule_id"
            label={LL.rules.onSchedule()}
            placeholder={LL.rules.chooseSchedule()}
            source={schedulePicker}
            value={values.schedule_id}
            error={form.error('schedule_id')}
            onChange={(id) => form.set('schedule_id', id)}
            onBlur={() => form.blur('schedule_id')}
          />
        )}
      </fieldset>
      <p className={styles.hint}>{LL.rules.validHint()}</p>
      <DateTimeField
        legend={LL.rules.validFrom()}
        name="valid_from"
        value={values.valid_from}
        error={form.error('valid_from')}
        onChange={(value) => form.set('valid_from', value)}
        onBlur={() => form.blur('valid_from')}
      />
      <DateTimeField
        legend={LL.rules.validUntil()}
        name="valid_until"
        value={values.valid_until}
        error={form.error('valid_until')}
        onChange={(value) => form.set('valid_until', value)}
        onBlur={() => form.blur('valid_until')}
      />
    </FormFrame>
  )
}
