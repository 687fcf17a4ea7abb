import { describe, expect, it } from 'vitest'
import { Credential } from '../../src/contract/credentials'
import { CreatePinResult, type Device } from '../../src/contract/devices'
import { ErrorBody } from '../../src/contract/errors'
import {
  CredentialDetail,
  ExpiringCodes,
  ReissueCodeResult,
  RotateOfflineKeyResult,
} from '../../src/contract/lock-sync'
import { PinEntryAnswer } from '../../src/contract/pin-entry'
import { ORGADMIN, shaped, useServer } from './helpers'
import { lockSite, type Site } from './lock-sync-helpers'

// Offline codes that tell their life (decision 073): made by the lock's algorithm for a window of
// at most a year, named with their lock and zone, honoured at that lock's keypad until its key is
// rotated or the code is withdrawn there (reissued, credential deleted).

const server = useServer({ lockdownPollMs: 60_000 })
const services = () => server().running.handle.services
const sql = <T extends object>(text: string, params?: readonly unknown[]) =>
  services().db.query<T>(text, params)

async function setup(name: string, end: string | null = null) {
  const token = await server().login(ORGADMIN)
  const s = await lockSite(sql, name)
  const created = await server().request('POST', '/access/v1/credentials', {
    token,
    json: {
      user_id: s.user,
      assignment_type: 'device',
      assignment_id: s.online,
      start_datetime: '2026-01-01T08:00:00Z',
      ...(end === null ? { permanent: true } : { end_datetime: end }),
    },
  })
  const credential = shaped(created.body, Credential)
  const device = (await server().request('GET', `/sbm/v1/devices/${s.online}`, { token }))
    .body as Device
  return { token, s, credential, device }
}

const createPin = (token: string, device: Device, credentialId: number) =>
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

async function typed(token: string, s: Site, pin: string) {
  const reply = await server().request('POST', `/access/v1/devices/${s.online}/pin-entry`, {
    token,
    json: { pin },
  })
  expect(reply.status).toBe(200)
  return shaped(reply.body, PinEntryAnswer)
}

const detail = async (token: string, id: number) =>
  shaped(
    (await server().request('GET', `/access/v1/credentials/${id}`, { token })).body,
    CredentialDetail,
  )

describe('offline codes that tell their life', () => {
  it('names the lock and a one-year window in the place’s zone, and opens that lock', async () => {
    const { token, s, credential, device } = await setup('Code site A')
    const made = shaped(
      (await createPin(token, device, credential.credential_id)).body,
      CreatePinResult,
    )
    expect(made.details.time_zone).toBe('Europe/Berlin')
    const from = Date.parse(made.details.valid_from ?? '')
    const until = Date.parse(made.details.valid_until ?? '')
    expect(until - from).toBeGreaterThanOrEqual(365 * 86_400_000)
    expect(until - from).toBeLessThanOrEqual(366 * 86_400_000)
    const { codes } = await detail(token, credential.credential_id)
    expect(codes).toMatchObject([
      { device_id: s.online, valid_until: made.details.valid_until, time_zone: 'Europe/Berlin' },
    ])
    const answer = await typed(token, s, made.details.pin)
    expect(answer).toMatchObject({
      granted: true,
      reason: { credential_id: credential.credential_id },
    })
  })

  it('refuses every code of a lock once its key is rotated, and rotation needs the capability', async () => {
    const { token, s, credential, device } = await setup('Code site B')
    const made = shaped(
      (await createPin(token, device, credential.credential_id)).body,
      CreatePinResult,
    )
    const without = await server().request(
      'POST',
      `/access/v1/devices/${s.noCodes}/rotate_offline_key`,
      { token },
    )
    expect(without.status).toBe(422)
    expect(shaped(without.body, ErrorBody)).toMatchObject({
      error: 'capability_missing',
      params: { capability: 'program_offline_access_codes' },
    })
    const rotated = await server().request(
      'POST',
      `/access/v1/devices/${s.online}/rotate_offline_key`,
      { token },
    )
    expect(shaped(rotated.body, RotateOfflineKeyResult)).toMatchObject({
      offline_key_version: 2,
      codes_ended: 1,
    })
    expect(await typed(token, s, made.details.pin)).toMatchObject({
      granted: false,
      reason: { denied_because: 'unknown_pin' },
    })
    const after = await detail(token, credential.credential_id)
    expect(after.codes).toEqual([])
    expect(after.meta_data.command_output.pin).toBeNull()
    const journal = await sql<{ changes: unknown }>(
      `select changes from journal where target_type = 'device' and target_id = $1
       order by journal_id desc limit 1`,
      [s.online],
    )
    expect(journal[0]?.changes).toEqual({ offline_key_version: [1, 2] })
  })

  it('reissues a code for the rest of the window and withdraws the old one at the lock', async () => {
    const { token, s, credential, device } = await setup('Code site C')
    const first = shaped(
      (await createPin(token, device, credential.credential_id)).body,
      CreatePinResult,
    )
    const reply = await server().request(
      'POST',
      `/access/v1/credentials/${credential.credential_id}/reissue_code`,
      { token },
    )
    const second = shaped(reply.body, ReissueCodeResult)
    expect(second.code).toMatchObject({ device_id: s.online, time_zone: 'Europe/Berlin' })
    await services().lockSyncJob.tick()
    expect(second.pin).not.toBe(first.details.pin)
    expect(await typed(token, s, first.details.pin)).toMatchObject({ granted: false })
    expect(await typed(token, s, second.pin)).toMatchObject({ granted: true })
    expect((await detail(token, credential.credential_id)).codes.map((c) => c.code_id)).toEqual([
      second.code.code_id,
    ])

    // Deleted: the lock withdraws the code when it takes the removal.
    expect(
      (
        await server().request('DELETE', `/access/v1/credentials/${credential.credential_id}`, {
          token,
        })
      ).status,
    ).toBe(204)
    await services().lockSyncJob.tick()
    expect(await typed(token, s, second.pin)).toMatchObject({ granted: false })
  })

  it('lists codes that end within 14 days', async () => {
    const soon = new Date(services().clock.now().getTime() + 10 * 86_400_000).toISOString()
    const { token, credential, device } = await setup('Code site D', soon)
    expect((await createPin(token, device, credential.credential_id)).status).toBe(200)
    const reply = await server().request('GET', '/access/v1/offline-codes/expiring', { token })
    const { codes } = shaped(reply.body, ExpiringCodes)
    expect(codes.map((c) => c.credential_id)).toContain(credential.credential_id)
  })
})
