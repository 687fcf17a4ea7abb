import { CredentialDetail } from '../../src/contract/lock-sync'
import { describe, expect, it } from 'vitest'
import { AuditPage } from '../../src/contract/audits'
import { Credential } from '../../src/contract/credentials'
import {
  capabilityIds,
  CapabilityInfo,
  CommandResult,
  CreatePinResult,
  Device,
  DeviceTypeInfo,
} from '../../src/contract/devices'
import { ErrorBody } from '../../src/contract/errors'
import { listOf } from '../../src/contract/list'
import { Door } from '../../src/contract/locations'
import { ADMIN, GLOBEX, ORGADMIN, STAFF, shaped, useServer } from './helpers'

const server = useServer()
const DevicePage = listOf(Device)

async function devices(token: string) {
  const reply = await server().request('GET', '/sbm/v1/devices?length=100', { token })
  return shaped(reply.body, DevicePage).data
}

async function latestAudit(token: string) {
  const reply = await server().request('GET', '/sbm/v1/devices/audit?length=1', { token })
  return shaped(reply.body, AuditPage).data[0]
}

describe('devices and commands', () => {
  it('answers the lookups', async () => {
    const token = await server().login(STAFF)
    const types = await server().request('GET', '/sbm/v1/devices/types', { token })
    const typeRows = shaped(types.body, listOf(DeviceTypeInfo)).data
    expect(typeRows.find((t) => t.device_type_id === 'keypad')?.default_capabilities).toEqual([
      'program_offline_access_codes',
    ])
    expect(typeRows.map((t) => t.device_type_id).sort()).toEqual([
      'bridge',
      'camera',
      'door_sensor',
      'keypad',
      'lock',
      'motion_sensor',
      'multi_sensor',
      'relay',
      'router',
      'temperature_sensor',
    ])
    expect((await server().request('GET', '/sbm/v1/devices/manufacturers', { token })).status).toBe(
      200,
    )
    // The capabilities lookup is exactly the contract's list, which every device write is checked by.
    const caps = await server().request('GET', '/sbm/v1/devices/capabilities', { token })
    expect(
      shaped(caps.body, listOf(CapabilityInfo))
        .data.map((c) => c.capability_id)
        .sort(),
    ).toEqual([...capabilityIds].sort())
  })

  it('sets capabilities on create and refuses one the lookup does not offer', async () => {
    const token = await server().login(ORGADMIN)
    const door = shaped(
      (await server().request('GET', '/sbm/v1/doors?length=1', { token })).body,
      listOf(Door),
    ).data[0]
    if (!door) throw new Error('seed lacks a door')
    const input = {
      name: 'Keypad without codes',
      description: 'Entry keypad',
      device_type_id: 'keypad',
      manufacturer_id: 1,
      device_id_manufacturer: `CAP-${Date.now()}`,
      assignment_type: 'door',
      assignment_id: door.door_id,
    }
    const unknown = await server().request('POST', '/sbm/v1/devices', {
      token,
      json: { ...input, capabilities: ['remotely_lock', 'teleport'] },
    })
    expect(unknown.status).toBe(400)
    expect(shaped(unknown.body, ErrorBody).field).toBe('capabilities.1')
    const created = await server().request('POST', '/sbm/v1/devices', {
      token,
      json: { ...input, capabilities: ['remotely_unlock'] },
    })
    expect(created.status).toBe(201)
    expect(shaped(created.body, Device).capabilities).toEqual(['remotely_unlock'])
  })

  it('deletes a device: refused with the count while credentials use it; its audit rows stay', async () => {
    const token = await server().login(ORGADMIN)
    const door = shaped(
      (await server().request('GET', '/sbm/v1/doors?length=1', { token })).body,
      listOf(Door),
    ).data[0]
    if (!door) throw new Error('seed lacks a door')
    const device = shaped(
      (
        await server().request('POST', '/sbm/v1/devices', {
          token,
          json: {
            name: 'Lock to retire',
            description: 'Old bolt',
            device_type_id: 'lock',
            manufacturer_id: 1,
            device_id_manufacturer: `DEL-${Date.now()}`,
            assignment_type: 'door',
            assignment_id: door.door_id,
          },
        })
      ).body,
      Device,
    )
    const locked = await server().request(
      'POST',
      `/access/v1/devices/${device.device_id}/control/lock`,
      { token },
    )
    const auditId = shaped(locked.body, CommandResult).audit_id
    const me = (await server().request('GET', '/org/v1/users/me', { token })).body as {
      user_id: number
    }
    const credential = shaped(
      (
        await server().request('POST', '/access/v1/credentials', {
          token,
          json: {
            user_id: me.user_id,
            assignment_type: 'device',
            assignment_id: device.device_id,
            start_datetime: '2026-01-01T08:00:00Z',
            end_datetime: '2026-12-31T18:00:00Z',
          },
        })
      ).body,
      Credential,
    )
    const path = `/sbm/v1/devices/${device.device_id}`
    const staff = await server().login(STAFF)
    expect((await server().request('DELETE', path, { token: staff })).status).toBe(403)
    const held = await server().request('DELETE', path, { token })
    expect(held.status).toBe(409)
    expect(shaped(held.body, ErrorBody)).toMatchObject({
      rule: 'in_use',
      params: { subject: 'device', count: 1 },
    })
    const credentialPath = `/access/v1/credentials/${credential.credential_id}`
    expect((await server().request('DELETE', credentialPath, { token })).status).toBe(204)
    expect((await server().request('DELETE', path, { token })).status).toBe(204)
    expect((await server().request('GET', path, { token })).status).toBe(404)
    expect((await server().request('DELETE', path, { token })).status).toBe(404)
    const audits = await server().request(
      'GET',
      `/sbm/v1/devices/audit?device_id=${device.device_id}&length=5`,
      { token },
    )
    expect(shaped(audits.body, AuditPage).data[0]).toMatchObject({
      audit_id: auditId,
      device_name: 'Lock to retire',
    })
  })

  it('seeds every device type with varied connection and capabilities', async () => {
    const all = await devices(await server().login(ADMIN))
    expect(new Set(all.map((d) => d.device_type_id)).size).toBe(10)
    expect(all.some((d) => !d.current_status.connected)).toBe(true)
    expect(
      all.some(
        (d) => d.device_type_id === 'lock' && !d.capabilities.includes('remotely_force_unlock'),
      ),
    ).toBe(true)
  })

  it('updates a device; dropping lock capabilities clears its lock state', async () => {
    const token = await server().login(ORGADMIN)
    const lock = (await devices(token)).find((d) => d.device_type_id === 'lock')
    const door = shaped(
      (await server().request('GET', '/sbm/v1/doors?length=2', { token })).body,
      listOf(Door),
    ).data[1]
    if (!lock || !door) throw new Error('seed lacks a lock or a door')
    const reply = await server().request('PUT', `/sbm/v1/devices/${lock.device_id}`, {
      token,
      json: {
        name: 'Renamed lock',
        capabilities: ['program_offline_access_codes'],
        assignment_type: 'door',
        assignment_id: door.door_id,
      },
    })
    expect(reply.status).toBe(200)
    const device = shaped(reply.body, Device)
    expect(device).toMatchObject({
      name: 'Renamed lock',
      assignment_id: door.door_id,
      location_id: door.location_id,
    })
    expect(device.current_status.lock_state).toBeNull()
    const fetched = shaped(
      (await server().request('GET', `/sbm/v1/devices/${lock.device_id}`, { token })).body,
      Device,
    )
    expect(fetched.capabilities).toEqual(['program_offline_access_codes'])
  })

  it('locks and unlocks a connected lock, writing a success audit row each time', async () => {
    const token = await server().login(ORGADMIN)
    const lock = (await devices(token)).find(
      (d) =>
        d.device_type_id === 'lock' &&
        d.current_status.connected &&
        d.capabilities.includes('remotely_unlock'),
    )
    if (!lock) throw new Error('no connected lock')
    for (const [command, state] of [
      ['unlock', 'unlocked'],
      ['lock', 'locked'],
    ] as const) {
      const reply = await server().request(
        'POST',
        `/access/v1/devices/${lock.device_id}/control/${command}`,
        { token },
      )
      expect(reply.status).toBe(200)
      const result = shaped(reply.body, CommandResult)
      expect(result.current_status.lock_state).toBe(state)
      const audit = await latestAudit(token)
      expect(audit).toMatchObject({
        audit_id: result.audit_id,
        device_id: lock.device_id,
        command,
        result: 'success',
        actor_email: ORGADMIN,
      })
    }
    const after = shaped(
      (await server().request('GET', `/sbm/v1/devices/${lock.device_id}`, { token })).body,
      Device,
    )
    expect(after.current_status.lock_state).toBe('locked')
  })

  it('fails with 409 when not connected and 422 without the capability, and audits both', async () => {
    const token = await server().login(ADMIN)
    const all = await devices(token)
    const offline = all.find(
      (d) => !d.current_status.connected && d.capabilities.includes('remotely_lock'),
    )
    const camera = all.find((d) => d.device_type_id === 'camera')
    if (!offline || !camera) throw new Error('seed lacks an offline lock or a camera')
    const down = await server().request(
      'POST',
      `/access/v1/devices/${offline.device_id}/control/lock`,
      { token },
    )
    expect(down.status).toBe(409)
    expect(shaped(down.body, ErrorBody).error).toBe('device_not_connected')
    expect(await latestAudit(token)).toMatchObject({
      device_id: offline.device_id,
      result: 'failure',
      detail: 'Device is not connected',
      detail_code: 'device_not_connected',
      detail_params: {},
    })
    const cannot = await server().request(
      'POST',
      `/access/v1/devices/${camera.device_id}/control/unlock`,
      { token },
    )
    expect(cannot.status).toBe(422)
    // The refusal and its audit entry name the missing capability as a code, beside the English.
    expect(shaped(cannot.body, ErrorBody)).toMatchObject({
      error: 'capability_missing',
      params: { capability: 'remotely_unlock' },
    })
    expect(await latestAudit(token)).toMatchObject({
      device_id: camera.device_id,
      result: 'failure',
      command: 'unlock',
      detail: 'Device lacks the capability remotely_unlock',
      detail_code: 'capability_missing',
      detail_params: { capability: 'remotely_unlock' },
    })
    const bad = await server().request(
      'POST',
      `/access/v1/devices/${camera.device_id}/control/explode`,
      { token },
    )
    expect(bad.status).toBe(400)
    expect(shaped(bad.body, ErrorBody).field).toBe('command')
  })

  it('needs device update rights for commands and hides other organizations’ devices', async () => {
    const staff = await server().login(STAFF)
    const mine = (await devices(staff))[0]
    if (!mine) throw new Error('staff sees no devices')
    expect(
      (
        await server().request('POST', `/access/v1/devices/${mine.device_id}/control/lock`, {
          token: staff,
        })
      ).status,
    ).toBe(403)
    const globexDevice = (await devices(await server().login(GLOBEX)))[0]
    const orgadmin = await server().login(ORGADMIN)
    const reply = await server().request(
      'POST',
      `/access/v1/devices/${globexDevice?.device_id}/control/lock`,
      { token: orgadmin },
    )
    expect(reply.status).toBe(404)
    expect((await devices(orgadmin)).every((d) => d.organization_id === mine.organization_id)).toBe(
      true,
    )
  })

  it('creates a PIN, stores it in the credential and audits it', async () => {
    const token = await server().login(ORGADMIN)
    const keypad = (await devices(token)).find((d) =>
      d.capabilities.includes('program_offline_access_codes'),
    )
    if (!keypad) throw new Error('no keypad')
    const me = (await server().request('GET', '/org/v1/users/me', { token })).body as {
      user_id: number
    }
    const credential = await server().request('POST', '/access/v1/credentials', {
      token,
      json: {
        user_id: me.user_id,
        assignment_type: 'device',
        assignment_id: keypad.device_id,
        start_datetime: '2026-01-01T08:00:00Z',
        end_datetime: '2030-12-31T18:00:00Z',
        repetition: { type: 'weekly', weekdays: ['mon', 'tue'] },
      },
    })
    expect(credential.status).toBe(201)
    const cred = shaped(credential.body, Credential)
    expect(cred.meta_data.command_output.pin).toBeNull()
    const pin = await server().request(
      'POST',
      `/access/v1/devices/${keypad.device_id}/set/create_pin`,
      {
        token,
        json: {
          data: {
            start_date: '2026-01-01T08:00:00Z',
            end_date: '2026-12-31T18:00:00Z',
            manufacturer_id: keypad.manufacturer_id,
            device_id_manufacturer: keypad.device_id_manufacturer,
            credential_id: cred.credential_id,
          },
        },
      },
    )
    expect(pin.status).toBe(200)
    const made = shaped(pin.body, CreatePinResult).details
    const code = made.pin
    expect(code).toMatch(/^\d{6}$/)
    const stored = shaped(
      (await server().request('GET', `/access/v1/credentials/${cred.credential_id}`, { token }))
        .body,
      CredentialDetail,
    )
    expect(stored.meta_data.command_output.pin).toBe(code)
    expect(await latestAudit(token)).toMatchObject({
      command: 'create_pin',
      result: 'success',
      device_id: keypad.device_id,
      detail_code: 'pin_window',
      // The code's own window (decision 073): from now, or the start, to the end, at most a year.
      detail_params: { start: made.valid_from, end: made.valid_until },
    })
    expect(Date.parse(made.valid_until ?? '')).toBeLessThanOrEqual(
      Math.min(
        Date.parse('2030-12-31T18:00:00Z'),
        Date.parse(made.valid_from ?? '') + 366 * 86_400_000,
      ),
    )
    const wrong = await server().request(
      'POST',
      `/access/v1/devices/${keypad.device_id}/set/create_pin`,
      {
        token,
        json: {
          data: {
            start_date: '2026-01-01T08:00:00Z',
            end_date: '2025-01-01T00:00:00Z',
            manufacturer_id: 1,
            device_id_manufacturer: 'x',
          },
        },
      },
    )
    expect(shaped(wrong.body, ErrorBody).field).toBe('data.end_date')
  })
})

describe('credentials', () => {
  it('creates, lists, updates and deletes credentials with time-window rules', async () => {
    const token = await server().login(ORGADMIN)
    const me = (await server().request('GET', '/org/v1/users/me', { token })).body as {
      user_id: number
    }
    const door = shaped(
      (await server().request('GET', '/sbm/v1/doors?length=1', { token })).body,
      listOf(Door),
    ).data[0]
    if (!door) throw new Error('no door')
    const base = {
      user_id: me.user_id,
      assignment_type: 'door',
      assignment_id: door.door_id,
      start_datetime: '2026-03-01T00:00:00Z',
    }
    const noEnd = await server().request('POST', '/access/v1/credentials', { token, json: base })
    expect(shaped(noEnd.body, ErrorBody).field).toBe('end_datetime')
    const permanent = await server().request('POST', '/access/v1/credentials', {
      token,
      json: { ...base, permanent: true, exclusive: true },
    })
    expect(permanent.status).toBe(201)
    const cred = shaped(permanent.body, Credential)
    expect(cred.end_datetime).toBeNull()
    const overlap = await server().request('POST', '/access/v1/credentials', {
      token,
      json: { ...base, end_datetime: '2026-04-01T00:00:00Z' },
    })
    expect(overlap.status).toBe(409)
    const page = shaped(
      (await server().request('GET', '/access/v1/credentials', { token })).body,
      listOf(Credential),
    )
    expect(page.data[0]?.credential_id).toBe(cred.credential_id)
    const updated = await server().request('PUT', `/access/v1/credentials/${cred.credential_id}`, {
      token,
      json: { permanent: false, end_datetime: '2026-06-01T00:00:00Z' },
    })
    expect(shaped(updated.body, Credential).end_datetime).toBe('2026-06-01T00:00:00.000Z')
    expect(
      (await server().request('DELETE', `/access/v1/credentials/${cred.credential_id}`, { token }))
        .status,
    ).toBe(204)
    const missingUser = await server().request('POST', '/access/v1/credentials', {
      token,
      json: { ...base, user_id: undefined, permanent: true },
    })
    expect(missingUser.body).toEqual({
      error: 'validation',
      field: 'user_id',
      message: 'User is required.',
      rule: 'required',
      params: { subject: 'user' },
    })
    const missingDoor = await server().request('POST', '/access/v1/credentials', {
      token,
      json: { ...base, assignment_id: undefined, permanent: true },
    })
    expect(missingDoor.body).toEqual({
      error: 'validation',
      field: 'assignment_id',
      message: 'Door is required.',
      rule: 'required',
      params: { subject: 'door' },
    })
    const globex = (
      await server().request('GET', '/org/v1/users/me', { token: await server().login(GLOBEX) })
    ).body as { user_id: number }
    const foreignUser = await server().request('POST', '/access/v1/credentials', {
      token,
      json: { ...base, user_id: globex.user_id, permanent: true },
    })
    expect(foreignUser.status).toBe(404)
    const feb30 = await server().request('POST', '/access/v1/credentials', {
      token,
      json: { ...base, start_datetime: '2026-02-30T00:00:00Z', permanent: true },
    })
    expect(feb30.status).toBe(400)
    expect(shaped(feb30.body, ErrorBody).field).toBe('start_datetime')
  })
})

describe('credential search', () => {
  const CredentialPage = listOf(Credential)
  const search = async (token: string, text: string) => {
    const reply = await server().request(
      'GET',
      `/access/v1/credentials?length=100&search=${encodeURIComponent(text)}`,
      { token },
    )
    expect(reply.status).toBe(200)
    return shaped(reply.body, CredentialPage).data
  }

  it('finds credentials by what they open and by their number, as well as by their user', async () => {
    const token = await server().login(ADMIN)
    const all = await search(token, '')
    const sample = all.find((c) => c.assignment_name.length > 4)
    if (sample === undefined) throw new Error('the seed holds credentials with named targets')
    const word = sample.assignment_name.split(' ')[0] ?? ''
    const byTarget = await search(token, word.toLowerCase())
    expect(byTarget.map((c) => c.credential_id)).toContain(sample.credential_id)
    expect(
      byTarget.every((c) =>
        `${c.assignment_name} ${c.user_email}`.toLowerCase().includes(word.toLowerCase()),
      ),
    ).toBe(true)
    const byNumber = await search(token, String(sample.credential_id))
    expect(byNumber.map((c) => c.credential_id)).toContain(sample.credential_id)
    expect(byNumber.length).toBeLessThan(all.length)
  })
})
