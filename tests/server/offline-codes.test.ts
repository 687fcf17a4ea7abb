import { CredentialDetail } from '../../src/contract/lock-sync'
import { describe, expect, it } from 'vitest'
import { Credential, type CredentialAssignmentType } from '../../src/contract/credentials'
import { CreatePinResult, Device } from '../../src/contract/devices'
import { ErrorBody } from '../../src/contract/errors'
import { listOf } from '../../src/contract/list'
import { ORGADMIN, shaped, useServer } from './helpers'

// Offline codes for a credential on a device, a door or a location: generated on a device at that
// place, connected or not (docs/decisions/035-offline-codes-at-a-place.md).

const server = useServer()

async function setting(token: string) {
  const reply = await server().request('GET', '/sbm/v1/devices?length=100', { token })
  const all = shaped(reply.body, listOf(Device)).data
  const me = (await server().request('GET', '/org/v1/users/me', { token })).body as {
    user_id: number
  }
  const codes = (d: Device) => d.capabilities.includes('program_offline_access_codes')
  const credential = async (assignment_type: CredentialAssignmentType, assignment_id: number) => {
    const created = await server().request('POST', '/access/v1/credentials', {
      token,
      json: {
        user_id: me.user_id,
        assignment_type,
        assignment_id,
        start_datetime: '2026-01-01T08:00:00Z',
        permanent: true,
      },
    })
    expect(created.status).toBe(201)
    return shaped(created.body, Credential)
  }
  const createPin = (device: Device, credentialId: number) =>
    server().request('POST', `/access/v1/devices/${device.device_id}/set/create_pin`, {
      token,
      json: {
        data: {
          start_date: '2026-01-01T08:00:00Z',
          end_date: '2027-01-01T08:00:00Z',
          manufacturer_id: device.manufacturer_id,
          device_id_manufacturer: device.device_id_manufacturer,
          credential_id: credentialId,
        },
      },
    })
  const pinOf = async (credentialId: number) =>
    shaped(
      (await server().request('GET', `/access/v1/credentials/${credentialId}`, { token })).body,
      CredentialDetail,
    ).meta_data.command_output.pin
  return { all, codes, credential, createPin, pinOf }
}

describe('offline codes at a place', () => {
  it('generates a code on a device that is not connected', async () => {
    const token = await server().login(ORGADMIN)
    const { all, codes, credential, createPin, pinOf } = await setting(token)
    const offline = all.find((d) => codes(d) && !d.current_status.connected)
    if (!offline) throw new Error('the seed has no code device that is not connected')
    const cred = await credential('device', offline.device_id)
    const reply = await createPin(offline, cred.credential_id)
    expect(reply.status).toBe(200)
    expect(await pinOf(cred.credential_id)).toBe(shaped(reply.body, CreatePinResult).details.pin)
  })

  it('generates a door credential’s code on a device of that door, and refuses one elsewhere', async () => {
    const token = await server().login(ORGADMIN)
    const { all, codes, credential, createPin, pinOf } = await setting(token)
    const onDoor = all.find((d) => codes(d) && d.assignment_type === 'door')
    const elsewhere = all.find(
      (d) =>
        codes(d) &&
        d.location_id === onDoor?.location_id &&
        d.assignment_id !== onDoor.assignment_id,
    )
    if (!onDoor || !elsewhere) throw new Error('the seed has no two code devices on doors')
    const cred = await credential('door', onDoor.assignment_id)
    const refused = await createPin(elsewhere, cred.credential_id)
    expect(refused.status).toBe(409)
    expect(shaped(refused.body, ErrorBody)).toEqual({
      error: 'conflict',
      message: "The device is not at the credential's door.",
      field: 'data.credential_id',
      rule: 'not_at_assignment',
      params: { assignment_type: 'door' },
    })
    expect(await pinOf(cred.credential_id)).toBeNull()
    const reply = await createPin(onDoor, cred.credential_id)
    expect(reply.status).toBe(200)
    expect(await pinOf(cred.credential_id)).toBe(shaped(reply.body, CreatePinResult).details.pin)
  })

  it('generates a location credential’s code on any device there, and refuses another location’s', async () => {
    const token = await server().login(ORGADMIN)
    const { all, codes, credential, createPin, pinOf } = await setting(token)
    const here = all.find(codes)
    const other = all.find((d) => d.location_id !== here?.location_id)
    if (!here || !other) throw new Error('the seed has no two locations with devices')
    const cred = await credential('location', here.location_id)
    const elsewhere = await credential('location', other.location_id)
    const wrongPlace = await createPin(here, elsewhere.credential_id)
    expect(shaped(wrongPlace.body, ErrorBody)).toMatchObject({
      error: 'conflict',
      rule: 'not_at_assignment',
      params: { assignment_type: 'location' },
    })
    expect(await pinOf(elsewhere.credential_id)).toBeNull()
    const reply = await createPin(here, cred.credential_id)
    expect(reply.status).toBe(200)
    expect(await pinOf(cred.credential_id)).toBe(shaped(reply.body, CreatePinResult).details.pin)
  })

  it('refuses a device at the place that cannot program codes with 422', async () => {
    const token = await server().login(ORGADMIN)
    const { all, codes, credential, createPin } = await setting(token)
    const sensor = all.find((d) => !codes(d) && d.assignment_type === 'door')
    if (!sensor) throw new Error('the seed has no door device without codes')
    const cred = await credential('door', sensor.assignment_id)
    const refused = await createPin(sensor, cred.credential_id)
    expect(refused.status).toBe(422)
    expect(shaped(refused.body, ErrorBody).error).toBe('capability_missing')
  })
})
