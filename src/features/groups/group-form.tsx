import { useI18nContext } from '../../../i18n/i18n-react'
import { organizationPicker } from '../../api/pickers'
import { scopeOf } from '../../contract/permissions'
import { useSession } from '../../session/session-context'
import { Combobox } from '../../ui/combobox/combobox'
import { fieldProps } from '../../ui/form/field-props'
import type { FormCoreOptions } from '../../ui/form/form-core'
import { FormFrame, type EntityFormProps } from '../../ui/form/form-frame'
import { useContractForm } from '../../ui/form/use-contract-form'
import { TextArea } from '../../ui/text-area'
import { TextField } from '../../ui/text-field'
import type { FormField, FormValues } from './group-form-model'

interface GroupFormProps<T> extends EntityFormProps<FormValues, T> {
  /** createGroupForm or updateGroupForm: which contract struct checks it. */
  model: FormCoreOptions<FormValues, T, FormField>
}

export function GroupForm<T>(props: GroupFormProps<T>) {
  const { initial, onSubmit, model, ...frame } = props
  const { LL } = useI18nContext()
  const { user } = useSession()
  // Only a global administrator makes a group in another organization (the server agrees); a
  // group never moves, so editing shows no organization.
  const chooseOrganization =
    model.fields.includes('organization_id') &&
    user !== null &&
    scopeOf(user.permissions, 'groups', 'create') === 'all'
  const start =
    chooseOrganization && initial.organization_id === ''
      ? { ...initial, organization_id: String(user.organization_id) }
      : initial
  const form = useContractForm(model.struct, start, { ...model, onSubmit })
  return (
    <FormFrame form={form} {...frame}>
      <TextField
        label={LL.groups.name()}
        required
        autoComplete="off"
        {...fieldProps(form, 'name')}
      />
      <TextArea label={LL.groups.description()} {...fieldProps(form, 'description')} />
      {chooseOrganization ? (
        <Combobox
          name="organization_id"
          label={LL.groups.organization()}
          required
          source={organizationPicker}
          value={form.values.organization_id}
          error={form.error('organization_id')}
          onChange={(value) => form.set('organization_id', value)}
          onBlur={() => form.blur('organization_id')}
        />
      ) : null}
    </FormFrame>
  )
}
