import { useQuery } from '@tanstack/react-query'
import { useI18nContext } from '../../../i18n/i18n-react'
import {
  deviceLookupKeys,
  fetchCapabilities,
  fetchDeviceTypes,
  fetchManufacturers,
  fetchMountTree,
} from '../../api/devices'
import { locationPicker } from '../../api/pickers'
import { capabilityIds, type Capability, type DeviceInput } from '../../contract/devices'
import { CheckboxGroup } from '../../ui/checkbox-group'
import { Combobox } from '../../ui/combobox/combobox'
import { fieldProps } from '../../ui/form/field-props'
import { FormFrame, type EntityFormProps } from '../../ui/form/form-frame'
import { useContractForm } from '../../ui/form/use-contract-form'
import { Select } from '../../ui/select'
import { TextArea } from '../../ui/text-area'
import { TextField } from '../../ui/text-field'
import { LostCapabilities } from './lost-capabilities'
import {
  deviceForm,
  lostCapabilities,
  mountOptions,
  mountValue,
  typeDefaults,
  type FormValues,
} from './device-form-model'
import { deviceTypeName } from '../../lib/answer-text'

// "Location is required" is reached through the location picker, the first of the two. Module
// level: the form refocuses when its focus targets change identity.
const focusTargets = { assignment_id: 'location_id' }

const idOf = (text: string) => (/^\d{1,10}$/.test(text) ? Number(text) : 0)

interface DeviceFormProps extends EntityFormProps<FormValues, DeviceInput> {
  /** The edited device's capabilities; without them (create) a chosen type fills in its own. */
  saved?: readonly Capability[]
}

/**
 * Name, type, capabilities and manufacturer from the lookups, serial, description and where it is
 * mounted. Clearing a capability says what stops working (decision 038).
 */
export function DeviceForm(props: DeviceFormProps) {
  const { initial, onSubmit, saved, ...frame } = props
  const { LL } = useI18nContext()
  const types = useQuery({
    queryKey: deviceLookupKeys.types,
    queryFn: ({ signal }) => fetchDeviceTypes(signal),
  })
  const capabilities = useQuery({
    queryKey: deviceLookupKeys.capabilities,
    queryFn: ({ signal }) => fetchCapabilities(signal),
  })
  const makers = useQuery({
    queryKey: deviceLookupKeys.manufacturers,
    queryFn: ({ signal }) => fetchManufacturers(signal),
  })
  const form = useContractForm(deviceForm.struct, initial, {
    ...deviceForm,
    focusTargets,
    onSubmit,
  })
  const locationId = idOf(form.values.location_id)
  const tree = useQuery({
    queryKey: deviceLookupKeys.tree(locationId),
    queryFn: ({ signal }) => fetchMountTree(locationId, signal),
    enabled: locationId > 0,
  })
  const mountError = form.error('assignment_id')
  const lost = lostCapabilities(
    saved ?? typeDefaults(types.data ?? [], form.values.device_type_id),
    form.values.capabilities,
  )

  return (
    <FormFrame form={form} {...frame}>
      <TextField
        label={LL.devices.name()}
        required
        autoComplete="off"
        {...fieldProps(form, 'name')}
      />
      <Select
        label={LL.devices.type()}
        required
        placeholder={LL.devices.chooseType()}
        options={(types.data ?? []).map((type) => ({
          value: type.device_type_id,
          label: deviceTypeName(LL, type),
        }))}
        {...fieldProps(form, 'device_type_id')}
        onChange={(event) => {
          form.set('device_type_id', event.target.value)
          if (!saved) form.set('capabilities', typeDefaults(types.data ?? [], event.target.value))
        }}
      />
      <CheckboxGroup
        name="capabilities"
        legend={LL.devices.capabilities()}
        hint={saved ? undefined : LL.devices.capabilitiesHint()}
        // The lookup's capabilities in the contract's order: lock, unlock, force unlock, codes.
        options={capabilityIds
          .filter((id) => capabilities.data?.some((c) => c.capability_id === id))
          .map((id) => ({ value: id, label: LL.devices.capability[id]() }))}
        value={form.values.capabilities}
        onChange={(value) => form.set('capabilities', value)}
        error={form.error('capabilities')}
      />
      <LostCapabilities lost={lost} />
      <Select
        label={LL.devices.manufacturer()}
        required
        placeholder={LL.devices.chooseManufacturer()}
        options={(makers.data ?? []).map((maker) => ({
          value: String(maker.manufacturer_id),
          label: maker.name,
        }))}
        {...fieldProps(form, 'manufacturer_id')}
      />
      <TextField
        label={LL.devices.manufacturerId()}
        required
        autoComplete="off"
        {...fieldProps(form, 'device_id_manufacturer')}
      />
      <TextArea label={LL.devices.description()} required {...fieldProps(form, 'description')} />
      <Combobox
        name="location_id"
        label={LL.devices.location()}
        required
        placeholder={LL.devices.chooseLocation()}
        source={locationPicker}
        value={form.values.location_id}
        error={locationId === 0 ? mountError : null}
        onChange={(value) => {
          form.set('location_id', value)
          const picked = idOf(value)
          // A new location starts mounted on the location itself; a floor or door is picked next.
          form.set('assignment_id', picked > 0 ? mountValue('location', picked) : '')
        }}
        onBlur={() => form.blur('assignment_id')}
      />
      {locationId > 0 ? (
        <Select
          name="assignment_id"
          label={LL.devices.mountPoint()}
          required
          options={tree.data ? mountOptions(tree.data, LL.devices.wholeLocation()) : []}
          value={form.values.assignment_id}
          error={mountError}
          onChange={(event) => form.set('assignment_id', event.target.value)}
          onBlur={() => form.blur('assignment_id')}
        />
      ) : null}
    </FormFrame>
  )
}
