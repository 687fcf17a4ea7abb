import { useI18nContext } from '../../../i18n/i18n-react'
import { groupPicker, userPicker } from '../../api/pickers'
import {
  alertChannels,
  alertEventTypes,
  eventWordKey,
  severities,
  type AlertChannel,
  type AlertEventType,
} from '../../contract/alerts'
import { CheckboxGroup } from '../../ui/checkbox-group'
import * as fieldset from '../../ui/fieldset.css'
import { fieldProps } from '../../ui/form/field-props'
import { FormFrame, type EntityFormProps } from '../../ui/form/form-frame'
import { useContractForm } from '../../ui/form/use-contract-form'
import { Select } from '../../ui/select'
import { TextArea } from '../../ui/text-area'
import { TextField } from '../../ui/text-field'
import { PickedList, ScopeField } from './alert-rule-fields'
import { alertRuleForm, takesThreshold, type FormValues } from './alert-rule-form-model'
import type { AlertRuleInput } from '../../contract/alerts'

/**
 * Name → events (words, not codes) → how long a lasting one must last → where → severity →
 * instructions → recipients → channels. A refusal lands on the field the server names and keeps
 * everything typed.
 */
export function AlertRuleForm(props: EntityFormProps<FormValues, AlertRuleInput>) {
  const { initial, onSubmit, ...frame } = props
  const { LL } = useI18nContext()
  const form = useContractForm(alertRuleForm.struct, initial, {
    ...alertRuleForm,
    focusTargets: { recipients: 'user_ids' },
    onSubmit,
  })
  const { values } = form
  const recipientsError = form.error('recipients')
  return (
    <FormFrame form={form} {...frame}>
      <TextField
        label={LL.alertRules.name()}
        required
        autoComplete="off"
        {...fieldProps(form, 'name')}
      />
      <CheckboxGroup
        legend={LL.alertRules.events()}
        name="event_types"
        options={alertEventTypes.map((type) => ({
          value: type,
          label: LL.answers.alertEvent[eventWordKey(type)](),
        }))}
        value={values.event_types}
        onChange={(types) =>
          form.set(
            'event_types',
            alertEventTypes.filter((type: AlertEventType) => types.includes(type)),
          )
        }
        onBlur={() => form.blur('event_types')}
        error={form.error('event_types')}
      />
      {takesThreshold(values.event_types) ? (
        <TextField
          label={LL.alertRules.threshold()}
          inputMode="numeric"
          autoComplete="off"
          hint={LL.alertRules.thresholdHint()}
          {...fieldProps(form, 'threshold_s')}
        />
      ) : null}
      <ScopeField
        value={values.scope}
        error={form.error('scope')}
        onChange={(scope) => form.set('scope', scope)}
      />
      <Select
        label={LL.alertRules.severity()}
        name="severity"
        value={values.severity}
        options={severities.map((severity) => ({
          value: severity,
          label: LL.answers.severity[severity](),
        }))}
        onChange={(event) => {
          const severity = severities.find((s) => s === event.target.value)
          if (severity !== undefined) form.set('severity', severity)
        }}
      />
      <TextArea
        label={LL.alertRules.instructions()}
        hint={LL.alertRules.instructionsHint()}
        maxLength={2000}
        {...fieldProps(form, 'instructions')}
      />
      <fieldset className={fieldset.fieldset}>
        <legend className={fieldset.legend}>{LL.alertRules.recipients()}</legend>
        <PickedList
          legend={LL.alertRules.people()}
          name="user_ids"
          source={userPicker}
          addLabel={LL.alertRules.addPerson()}
          placeholder={LL.alertRules.choosePerson()}
          empty={LL.alertRules.noPeople()}
          removeLabel={(name) => LL.alertRules.removePerson({ name })}
          value={values.recipients.user_ids}
          error={recipientsError}
          onChange={(user_ids) => form.set('recipients', { ...values.recipients, user_ids })}
        />
        <PickedList
          legend={LL.alertRules.groups()}
          name="group_ids"
          source={groupPicker}
          addLabel={LL.alertRules.addGroup()}
          placeholder={LL.alertRules.chooseGroup()}
          empty={LL.alertRules.noGroups()}
          removeLabel={(name) => LL.alertRules.removeGroup({ name })}
          value={values.recipients.group_ids}
          error={null}
          onChange={(group_ids) => form.set('recipients', { ...values.recipients, group_ids })}
        />
      </fieldset>
      <CheckboxGroup
        legend={LL.alertRules.channels()}
        name="channels"
        options={alertChannels.map((channel) => ({
          value: channel,
          label: LL.alertRules.channelNames[channel](),
        }))}
        value={values.channels}
        onChange={(channels) =>
          form.set(
            'channels',
            alertChannels.filter((channel: AlertChannel) => channels.includes(channel)),
          )
        }
        onBlur={() => form.blur('channels')}
        error={form.error('channels')}
      />
    </FormFrame>
  )
}
