import {
  capabilityIds,
  DeviceInput as DeviceInputStruct,
  type AssignmentType,
  type Capability,
  type Device,
  type DeviceInput,
  type DeviceTypeInfo,
} from '../../contract/devices'
import type { LocationDeep } from '../../contract/locations'
import type { FormCoreOptions } from '../../ui/form/form-core'

// The form validates with the contract's own struct, so every message (requirements R5.1) comes
// from the same rule the server applies, each on its own field.

export interface FormValues {
  name: string
  device_type_id: string
  /** Checked capability ids; a new device starts with its type's defaults. */
  capabilities: string[]
  manufacturer_id: string
  device_id_manufacturer: string
  description: string
  /** Picked first; the mount point below lists what is inside it. */
  location_id: string
  /** `type:id` of the mount point: the location itself, a floor, a room or a door. */
  assignment_id: string
}

export type FormField = keyof FormValues

export const emptyValues: FormValues = {
  name: '',
  device_type_id: '',
  capabilities: [],
  manufacturer_id: '',
  device_id_manufacturer: '',
  description: '',
  location_id: '',
  assignment_id: '',
}

export const mountValue = (type: AssignmentType, id: number) => `${type}:${id}`

export function valuesOf(device: Device): FormValues {
  return {
    name: device.name,
    device_type_id: device.device_type_id,
    capabilities: [...device.capabilities],
    manufacturer_id: String(device.manufacturer_id),
    device_id_manufacturer: device.device_id_manufacturer,
    description: device.description,
    location_id: String(device.location_id),
    assignment_id: mountValue(device.assignment_type, device.assignment_id),
  }
}

const assignmentTypes: readonly AssignmentType[] = ['location', 'floor', 'room', 'door']

/** The mount point a select value names; nothing picked is id 0, which the contract refuses. */
export function mountOf(value: string): { assignment_type: AssignmentType; assignment_id: number } {
  const [type, id] = value.split(':')
  const assignmentType = assignmentTypes.find((t) => t === type)
  return assignmentType && id && /^\d{1,10}$/.test(id)
    ? { assignment_type: assignmentType, assignment_id: Number(id) }
    : { assignment_type: 'location', assignment_id: 0 }
}

export interface MountOption {
  value: string
  label: string
}

/** Every mount point of one location, each labelled by its path below the location. */
export function mountOptions(tree: LocationDeep, wholeLocation: string): MountOption[] {
  const options: MountOption[] = [
    { value: mountValue('location', tree.location_id), label: wholeLocation },
  ]
  for (const floor of tree.floors) {
    options.push({ value: mountValue('floor', floor.floor_id), label: floor.name })
    for (const room of floor.rooms) {
      options.push({
        value: mountValue('room', room.room_id),
        label: `${floor.name} › ${room.name}`,
      })
      for (const door of room.doors) {
        options.push({
          value: mountValue('door', door.door_id),
          label: `${floor.name} › ${room.name} › ${door.name}`,
        })
      }
    }
  }
  return options
}

/** What a type starts with (the types lookup); nothing for a type not chosen or not known. */
export function typeDefaults(types: readonly DeviceTypeInfo[], typeId: string): Capability[] {
  return [...(types.find((type) => type.device_type_id === typeId)?.default_capabilities ?? [])]
}

/** The capabilities `before` had that `after` lacks, in the contract's order: what stops working. */
export function lostCapabilities(
  before: readonly string[],
  after: readonly string[],
): Capability[] {
  return capabilityIds.filter((id) => before.includes(id) && !after.includes(id))
}

const idOf = (text: string) => (/^\d{1,10}$/.test(text) ? Number(text) : 0)

/** The form's fields in screen order; what the contract checks is the text trimmed, ids as numbers. */
export const deviceForm: FormCoreOptions<FormValues, DeviceInput, FormField> = {
  struct: DeviceInputStruct,
  fields: [
    'name',
    'device_type_id',
    'capabilities',
    'manufacturer_id',
    'device_id_manufacturer',
    'description',
    'location_id',
    'assignment_id',
  ],
  prepare: (values) => ({
    name: values.name.trim(),
    description: values.description.trim(),
    device_type_id: values.device_type_id,
    capabilities: values.capabilities,
    manufacturer_id: idOf(values.manufacturer_id),
    device_id_manufacturer: values.device_id_manufacturer.trim(),
    ...mountOf(values.assignment_id),
  }),
}
