import { useI18nContext } from '../../../i18n/i18n-react'
import { webhookEventTypes, type WebhookInput } from '../../contract/webhooks'
import { Checkbox } from '../../ui/checkbox'
import { CheckboxGroup } from '../../ui/checkbox-group'
import { fieldProps } from '../../ui/form/field-props'
import { FormFrame, type EntityFormProps } from '../../ui/form/form-frame'
import { useContractForm } from '../../ui/form/use-contract-form'
import { TextField } from '../../ui/text-field'
import { inListOrder, webhookForm, type FormValues } from './webhook-form-model'
import { messageTypeText, urlProblemText } from './webhook-words'

/**
 * URL → event types (the alert rules' words) → description → on or off. A refusal lands on the
 * field the server names, in words that say why (not https, an address inside a network, the
 * 21st endpoint), and keeps everything typed.
 */
export function WebhookForm(props: EntityFormProps<FormValues, WebhookInput>) {
  const { initial, onSubmit, ...frame } = props
  const { LL } = useI18nContext()
  const form = useContractForm(webhookForm.struct, initial, { ...webhookForm, onSubmit })
  const { values } = form
  const urlProblem = form.state.problems.url
  return (
    <FormFrame form={form} {...frame}>
      <TextField
        label={LL.webhooks.url()}
        required
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        hint={LL.webhooks.urlHint()}
        {...fieldProps(form, 'url')}
        error={urlProblem ? urlProblemText(LL, urlProblem) : null}
      />
      <CheckboxGroup
        legend={LL.webhooks.events()}
        name="event_types"
        options={webhookEventTypes.map((type) => ({
          value: type,
          label: messageTypeText(LL, type),
        }))}
        value={values.event_types}
        onChange={(types) => form.set('event_types', inListOrder(types))}
        onBlur={() => form.blur('event_types')}
        error={form.error('event_types')}
      />
      <TextField
        label={LL.webhooks.description()}
        autoComplete="off"
        maxLength={200}
        {...fieldProps(form, 'description')}
      />
      <Checkbox
        name="enabled"
        label={LL.webhooks.enabled()}
        hint={LL.webhooks.enabledHint()}
        checked={values.enabled}
        onCheckedChange={(enabled) => form.set('enabled', enabled)}
        error={form.error('enabled')}
      />
    </FormFrame>
  )
}
