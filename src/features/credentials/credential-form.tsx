import { useI18nContext } from '../../../i18n/i18n-react'
import { devicePicker, doorPicker, locationPicker, userPicker } from '../../api/pickers'
import {
  CredentialAssignmentType,
  type CredentialInput,
  type Weekday,
} from '../../contract/credentials'
import { Checkbox } from '../../ui/checkbox'
import { Combobox } from '../../ui/combobox/combobox'
import { usePickedOption } from '../../ui/combobox/use-picker'
import { DateTimeField } from '../../ui/date-time-field'
import { FormFrame, type EntityFormProps } from '../../ui/form/form-frame'
import { useContractForm } from '../../ui/form/use-contract-form'
import { Select } from '../../ui/select'
import { WeekdayPicker } from '../../ui/weekday-picker'
import {
  credentialForm,
  windowOfValues,
  type FormValues,
  type RepetitionKind,
} from './credential-form-model'
import { allowanceSentence } from '../../lib/credential-text'
import * as styles from './credentials.css'

// The weekday picker's Monday button carries this name; problems of the repetition land there.
const focusTargets = { repetition: 'repetition-days' }

const assignmentTypes = CredentialAssignmentType.schema
const repetitionKinds: readonly RepetitionKind[] = ['none', 'daily', 'weekly']

const targetPickers = { device: devicePicker, door: doorPicker, location: locationPicker }

export function CredentialForm(props: EntityFormProps<FormValues, CredentialInput>) {
  const { initial, onSubmit, ...frame } = props
  const { LL, locale } = useI18nContext()
  const form = useContractForm(credentialForm.struct, initial, {
    ...credentialForm,
    focusTargets,
    onSubmit,
  })
  const { values } = form
  const targetPicker = targetPickers[values.assignment_type]
  const target = usePickedOption(targetPicker, values.assignment_id).option?.label ?? ''
  const sentence = allowanceSentence(LL, target, windowOfValues(values), { locale })
  const repetitionLabels: Record<RepetitionKind, string> = {
    none: LL.credentials.form.repeatNone(),
    daily: LL.credentials.form.repeatDaily(),
    weekly: LL.credentials.form.repeatWeekly(),
  }

  return (
    <FormFrame form={form} {...frame}>
      <Combobox
        name="user_id"
        label={LL.credentials.form.user()}
        placeholder={LL.credentials.form.chooseUser()}
        source={userPicker}
        required
        value={values.user_id}
        error={form.error('user_id')}
        onChange={(value) => form.set('user_id', value)}
        onBlur={() => form.blur('user_id')}
      />
      <div className={styles.row}>
        <Select
          className={styles.grow}
          name="assignment_type"
          label={LL.credentials.form.assignmentType()}
          options={Object.keys(assignmentTypes).map((type) => ({
            value: type,
            label: LL.credentials.assignmentTypes[type as CredentialAssignmentType](),
          }))}
          value={values.assignment_type}
          onChange={(event) => {
            form.set('assignment_type', event.target.value as CredentialAssignmentType)
            form.set('assignment_id', '')
          }}
        />
        <Combobox
          // A new kind is a new list: its picker starts closed with nothing typed.
          key={values.assignment_type}
          className={styles.grow}
          name="assignment_id"
          label={LL.credentials.form.target()}
          placeholder={LL.credentials.form.chooseTarget()}
          source={targetPicker}
          required
          value={values.assignment_id}
          error={form.error('assignment_id')}
          onChange={(value) => form.set('assignment_id', value)}
          onBlur={() => form.blur('assignment_id')}
        />
      </div>
      <Checkbox
        name="exclusive"
        label={LL.credentials.form.exclusive()}
        hint={LL.credentials.form.exclusiveHint()}
        checked={values.exclusive}
        error={form.error('exclusive')}
        onCheckedChange={(checked) => form.set('exclusive', checked)}
      />
      <Checkbox
        name="permanent"
        label={LL.credentials.form.permanent()}
        hint={LL.credentials.form.permanentHint()}
        checked={values.permanent}
        onCheckedChange={(checked) => form.set('permanent', checked)}
      />
      <DateTimeField
        legend={LL.credentials.form.start()}
        name="start_datetime"
        value={values.start_datetime}
        required
        error={form.error('start_datetime')}
        onChange={(value) => form.set('start_datetime', value)}
        onBlur={() => form.blur('start_datetime')}
      />
      {values.permanent ? null : (
        <DateTimeField
          legend={LL.credentials.form.end()}
          name="end_datetime"
          value={values.end_datetime}
          required
          error={form.error('end_datetime')}
          onChange={(value) => form.set('end_datetime', value)}
          onBlur={() => form.blur('end_datetime')}
        />
      )}
      <Select
        name="repetition"
        label={LL.credentials.form.repetition()}
        options={repetitionKinds.map((kind) => ({ value: kind, label: repetitionLabels[kind] }))}
        value={values.repetition.kind}
        error={values.repetition.kind === 'weekly' ? null : form.error('repetition')}
        onChange={(event) =>
          form.set('repetition', {
            ...values.repetition,
            kind: event.target.value as RepetitionKind,
          })
        }
      />
      {values.repetition.kind === 'weekly' ? (
        <WeekdayPicker
          legend={LL.credentials.form.weekdays()}
          name="repetition-days"
          value={values.repetition.weekdays}
          error={form.error('repetition')}
          onChange={(weekdays: Weekday[]) =>
            form.set('repetition', { ...values.repetition, weekdays })
          }
        />
      ) : null}
      <p className={styles.sentence} aria-live="polite">
        <span className={styles.sentenceLabel}>{LL.credentials.sentence.label()}</span>
        {sentence ?? LL.credentials.sentence.empty()}
      </p>
    </FormFrame>
  )
}
