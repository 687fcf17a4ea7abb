import { useI18nContext } from '../../../i18n/i18n-react'
import type { LocationInput } from '../../contract/locations'
import { scopeOf } from '../../contract/permissions'
import { useSession } from '../../session/session-context'
import { fieldProps } from '../../ui/form/field-props'
import { FormFrame, type EntityFormProps } from '../../ui/form/form-frame'
import { useContractForm } from '../../ui/form/use-contract-form'
import { TextArea } from '../../ui/text-area'
import { TextField } from '../../ui/text-field'
import { LocationTimeZoneField } from './location-time-zone-field'
import { locationForm, type FormField, type FormValues } from './location-form-model'
import * as styles from './locations.css'
import { OrganizationField } from './organization-field'

interface LocationFormProps extends EntityFormProps<FormValues, LocationInput> {
  /** Whether the form creates or updates: the caller's scope for it decides who picks the owner. */
  operation: 'create' | 'update'
}

export function LocationForm(props: LocationFormProps) {
  const { initial, onSubmit, operation, ...frame } = props
  const { LL } = useI18nContext()
  const { user } = useSession()
  // Only a global administrator places a location in another organization (the server agrees).
  const choose = user !== null && scopeOf(user.permissions, 'locations', operation) === 'all'
  const start =
    initial.organization_id === '' && user
      ? { ...initial, organization_id: String(user.organization_id) }
      : initial
  const form = useContractForm(locationForm.struct, start, { ...locationForm, onSubmit })
  const text = (
    field: Exclude<FormField, 'description' | 'organization_id'>,
    fieldLabel: string,
    required = false,
  ) => (
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
      <OrganizationField
        choose={choose}
        ownName={user?.organization_name ?? ''}
        value={form.values.organization_id}
        error={form.error('organization_id')}
        onChange={(id) => form.set('organization_id', id)}
        onBlur={() => form.blur('organization_id')}
      />
      <TextField
        type="url"
        label={LL.locations.imageUrl()}
        hint={LL.locations.imageUrlHint()}
        autoComplete="off"
        spellCheck={false}
        {...fieldProps(form, 'image_url')}
      />
      <TextArea label={LL.locations.description()} {...fieldProps(form, 'description')} />
      <LocationTimeZoneField
        organizationId={form.values.organization_id}
        value={form.values.time_zone}
        error={form.error('time_zone')}
        onChange={(zone) => form.set('time_zone', zone)}
        onBlur={() => form.blur('time_zone')}
      />
    </FormFrame>
  )
}
