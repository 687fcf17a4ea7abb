import { beforeAll, describe, expect, it } from 'vitest'
import { i18nObject } from '../../../i18n/i18n-util'
import { loadLocale } from '../../../i18n/i18n-util.sync'
import type { LocationDeep } from '../../contract/locations'
import { validateValues } from '../../ui/form/form-core'
import { problemText } from '../../ui/form/problem-text'
import {
  deviceForm,
  emptyValues,
  lostCapabilities,
  mountOf,
  mountOptions,
  typeDefaults,
  type FormValues,
} from './device-form-model'

beforeAll(() => loadLocale('en'))

/** What the user reads under each field. */
function messages(values: FormValues) {
  const LL = i18nObject('en')
  const result = validateValues(deviceForm, values)
  if (result.ok) return {}
  return Object.fromEntries(
    Object.entries(result.problems).map(([field, p]) => [field, p ? problemText(LL, p) : '']),
  )
}

const filled: FormValues = {
  name: 'Front door lock',
  device_type_id: 'lock',
  capabilities: ['remotely_lock', 'program_offline_access_codes'],
  manufacturer_id: '3',
  device_id_manufacturer: 'SN-1',
  description: 'Main entrance',
  location_id: '5',
  assignment_id: 'door:9',
}

describe('the device form model', () => {
  it('gives every empty field its own required message', () => {
    expect(messages(emptyValues)).toEqual({
      name: 'Name is required.',
      device_type_id: 'Device Type is required.',
      manufacturer_id: 'Manufacturer is required.',
      device_id_manufacturer: 'Manufacturer ID is required.',
      description: 'Description is required.',
      assignment_id: 'Location is required.',
    })
  })

  it('names only the field that is missing', () => {
    expect(messages({ ...filled, device_type_id: '' })).toEqual({
      device_type_id: 'Device Type is required.',
    })
    expect(messages({ ...filled, manufacturer_id: '' })).toEqual({
      manufacturer_id: 'Manufacturer is required.',
    })
    expect(messages({ ...filled, device_id_manufacturer: ' ' })).toEqual({
      device_id_manufacturer: 'Manufacturer ID is required.',
    })
  })

  it('sends the trimmed text, numeric ids and the picked mount point', () => {
    expect(validateValues(deviceForm, { ...filled, name: ' Front door lock ' })).toEqual({
      ok: true,
      input: {
        name: 'Front door lock',
        description: 'Main entrance',
        device_type_id: 'lock',
        capabilities: ['remotely_lock', 'program_offline_access_codes'],
        manufacturer_id: 3,
        device_id_manufacturer: 'SN-1',
        assignment_type: 'door',
        assignment_id: 9,
      },
    })
  })

  it('refuses a capability the lookup does not offer, on its own field', () => {
    expect(messages({ ...filled, capabilities: ['remotely_lock', 'teleport'] })).toEqual({
      capabilities: 'This value is not valid.',
    })
  })

  it('fills in a type’s defaults and names the capabilities a change clears, in order', () => {
    const types = [
      {
        device_type_id: 'keypad' as const,
        description: 'Keypad',
        default_capabilities: ['program_offline_access_codes' as const],
      },
    ]
    expect(typeDefaults(types, 'keypad')).toEqual(['program_offline_access_codes'])
    expect(typeDefaults(types, 'camera')).toEqual([])
    expect(
      lostCapabilities(
        ['program_offline_access_codes', 'remotely_unlock', 'remotely_lock'],
        ['remotely_unlock', 'remotely_force_unlock'],
      ),
    ).toEqual(['remotely_lock', 'program_offline_access_codes'])
    expect(lostCapabilities([], ['remotely_lock'])).toEqual([])
  })

  it('reads a mount point and refuses anything else as "nothing picked"', () => {
    expect(mountOf('room:12')).toEqual({ assignment_type: 'room', assignment_id: 12 })
    expect(mountOf('')).toEqual({ assignment_type: 'location', assignment_id: 0 })
    expect(mountOf('attic:1')).toEqual({ assignment_type: 'location', assignment_id: 0 })
  })

  it('offers the location itself and each floor, room and door by its path', () => {
    const tree = {
      location_id: 5,
      floors: [
        {
          floor_id: 1,
          name: 'Ground',
          rooms: [{ room_id: 2, name: 'Lobby', doors: [{ door_id: 3, name: 'Main' }] }],
        },
      ],
    } as unknown as LocationDeep
    expect(mountOptions(tree, 'Whole')).toEqual([
      { value: 'location:5', label: 'Whole' },
      { value: 'floor:1', label: 'Ground' },
      { value: 'room:2', label: 'Ground › Lobby' },
      { value: 'door:3', label: 'Ground › Lobby › Main' },
    ])
  })
})
