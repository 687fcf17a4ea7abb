import { describe, expect, it } from 'vitest'
import { SIGN_OUT_PATH } from '../../src/contract/api-paths'
import { Device } from '../../src/contract/devices'
import { JournalEntry } from '../../src/contract/journal'
import { listOf } from '../../src/contract/list'
import { Organization } from '../../src/contract/organizations'
import { OutboxMessage } from '../../src/contract/notify'
import { Me, User } from '../../src/contract/users'
import { writeJournal } from '../../server/db/journal'
import { ADMIN, AUDITOR, GLOBEX, ORGADMIN, PASSWORD, STAFF, shaped, useServer } from './helpers'

const server = useServer()
const JournalPage = listOf(JournalEntry)

async function journal(token: string, search = '') {
  const reply = await server().request('GET', `/org/v1/journal${search}`, { token })
  if (reply.status !== 200)
    throw new Error(`journal: ${reply.status} ${JSON.stringify(reply.body)}`)
  return shaped(reply.body, JournalPage)
}

/** The rows of one target, oldest first, as the database holds them. */
async function rowsOf(token: string, type: string, id: number) {
  const page = await journal(
    token,
    `?target_type=${type}&target_id=${id}&order_direction=asc&length=500`,
  )
  return page.data
}

const me = async (token: string) =>
  shaped((await server().request('GET', '/org/v1/users/me', { token })).body, Me)

describe('the journal', () => {
  it('writes one row per change, with the changed fields before → after', async () => {
    const admin = await server().login(ADMIN)
    const created = await server().request('POST', '/org/v1/organizations', {
      token: admin,
      json: { name: 'Initech', description: 'Austin', client_ids: ['initech-web'] },
      headers: { 'x-request-id': 'req-create.1' },
    })
    expect(created.status).toBe(201)
    const org = shaped(created.body, Organization)
    const updated = await server().request('PUT', `/org/v1/organizations/${org.organization_id}`, {
      token: admin,
      json: { name: 'Initrode' },
      headers: { 'x-request-id': 'not a valid id!' },
    })
    expect(updated.status).toBe(200)
    const rows = await rowsOf(admin, 'organization', org.organization_id)
    expect(rows).toHaveLength(2)
    const [create, update] = rows
    const actor = await me(admin)
    expect(create).toMatchObject({
      action: 'create',
      actor_id: actor.user_id,
      actor_email: ADMIN,
      organization_id: org.organization_id,
      target_name: 'Initech',
      request_id: 'req-create.1',
      changes: {
        name: [null, 'Initech'],
        description: [null, 'Austin'],
        client_ids: [null, ['initech-web']],
      },
    })
    expect(create?.client_address).toMatch(/127\.0\.0\.1/)
    // An update names only what changed, and the target by the name it had. An unsafe request id
    // is replaced by the one the server answered with (server/http/request-id.ts).
    const answeredId = updated.headers.get('x-request-id')
    expect(answeredId).not.toBe('not a valid id!')
    expect(update).toMatchObject({
      action: 'update',
      target_name: 'Initech',
      request_id: answeredId,
      changes: { name: ['Initech', 'Initrode'] },
    })
    expect(Object.keys(update?.changes ?? {})).toEqual(['name'])
    const deleted = await server().request(
      'DELETE',
      `/org/v1/organizations/${org.organization_id}`,
      { token: admin },
    )
    expect(deleted.status).toBe(204)
    const after = await rowsOf(admin, 'organization', org.organization_id)
    expect(after.map((r) => r.action)).toEqual(['create', 'update', 'delete'])
    expect(after[2]?.changes.name).toEqual(['Initrode', null])
  })

  it('journals a user update, sign-in and a failed sign-in', async () => {
    const admin = await server().login(ADMIN)
    const staff = await me(await server().login(STAFF))
    const reply = await server().request('PUT', `/org/v1/users/${staff.user_id}`, {
      token: admin,
      json: { first_name: 'Stefan' },
    })
    expect(reply.status).toBe(200)
    const userRows = await rowsOf(admin, 'user', staff.user_id)
    expect(userRows.at(-1)?.changes).toEqual({ first_name: [staff.first_name, 'Stefan'] })
    const failed = await server().request('POST', '/auth/v1/token', {
      form: { username: STAFF, password: 'Wrong-Password-9' },
    })
    expect(failed.status).toBe(401)
    const sessions = await rowsOf(admin, 'session', staff.user_id)
    expect(sessions.map((r) => r.action).slice(-2)).toEqual(['sign_in', 'sign_in_failed'])
    expect(sessions.at(-1)).toMatchObject({
      actor_id: null,
      target_name: STAFF,
      organization_id: staff.organization_id,
    })
  })

  it('ends a session on logout: its refresh token stops working and the journal says who left', async () => {
    const admin = await server().login(ADMIN)
    const auditor = await me(await server().login(AUDITOR))
    const pair = await server().pair(AUDITOR)
    const out = await server().request('POST', SIGN_OUT_PATH, {
      json: { refresh_token: pair.refresh_token },
    })
    expect(out.status).toBe(204)
    const refreshed = await server().request('POST', '/auth/v1/token/refresh', {
      json: { refresh_token: pair.refresh_token },
    })
    expect(refreshed.status).toBe(401)
    const sessions = await rowsOf(admin, 'session', auditor.user_id)
    expect(sessions.at(-1)).toMatchObject({
      action: 'sign_out',
      actor_id: auditor.user_id,
      actor_email: AUDITOR,
      target_name: AUDITOR,
    })
    // Once only, and a token nobody holds answers alike and writes nothing.
    const count = sessions.length
    for (const refresh_token of [pair.refresh_token, 'unknown.token', 'x']) {
      const again = await server().request('POST', SIGN_OUT_PATH, { json: { refresh_token } })
      expect(again.status).toBe(204)
    }
    expect(await rowsOf(admin, 'session', auditor.user_id)).toHaveLength(count)
    const malformed = await server().request('POST', SIGN_OUT_PATH, { json: { token: 'x' } })
    expect(malformed.status).toBe(400)
  })

  it('leaves no row when the change fails, in the request or after the journal insert', async () => {
    const admin = await server().login(ADMIN)
    const before = await journal(admin)
    // A client another organization holds: refused (409).
    const taken = await server().request('POST', '/org/v1/organizations', {
      token: admin,
      json: { name: 'Acme', description: '', client_ids: ['acme-web'] },
    })
    expect(taken.status).toBe(409)
    // A transaction that wrote its journal row and then failed on a unique key: both roll back.
    const { db } = server().running.handle.services
    const failing = db.tx(async (q) => {
      await writeJournal(
        q,
        { actorId: null, actorEmail: null, clientAddress: null, requestId: null },
        {
          organizationId: null,
          action: 'create',
          targetType: 'organization',
          targetId: null,
          targetName: 'Acme',
        },
      )
      await q.query(
        `insert into organization_clients (client_id, organization_id, position)
         select 'acme-web', organization_id, 9 from organizations limit 1`,
      )
    })
    await expect(failing).rejects.toMatchObject({ code: '23505' })
    const after = await journal(admin)
    expect(after.recordsTotal).toBe(before.recordsTotal)
    expect(after.data[0]).toEqual(before.data[0])
  })

  it('is refused UPDATE, DELETE and TRUNCATE by the database', async () => {
    const { db } = server().running.handle.services
    for (const sql of [
      "update journal set target_name = 'x'",
      'delete from journal',
      'truncate journal',
      'delete from journal_anchor',
      "update journal_anchor set hash = 'x'",
    ]) {
      await expect(db.tx((q) => q.query(sql))).rejects.toMatchObject({ code: 'AC002' })
    }
  })

  it('shows an org admin their organization only; staff and auditors get 403', async () => {
    const globex = await server().login(GLOBEX)
    const globexMe = await me(globex)
    await server().request('PUT', `/org/v1/organizations/${globexMe.organization_id}`, {
      token: globex,
      json: { description: 'Globex, changed' },
    })
    const orgadmin = await server().login(ORGADMIN)
    const own = await me(orgadmin)
    const seen = await journal(orgadmin, '?length=500')
    expect(seen.data.length).toBeGreaterThan(0)
    expect(seen.data.every((r) => r.organization_id === own.organization_id)).toBe(true)
    // Another organization's ids as filters find nothing.
    for (const filter of [
      `?actor_id=${globexMe.user_id}`,
      `?target_type=organization&target_id=${globexMe.organization_id}`,
    ]) {
      const page = await journal(orgadmin, filter)
      expect(page.data).toEqual([])
    }
    const globalView = await journal(
      await server().login(ADMIN),
      `?target_type=organization&target_id=${globexMe.organization_id}`,
    )
    expect(globalView.data.length).toBeGreaterThan(0)
    for (const login of [STAFF, AUDITOR]) {
      const reply = await server().request('GET', '/org/v1/journal', {
        token: await server().login(login),
      })
      expect(reply.status).toBe(403)
    }
  })

  it('answers hostile filters with 400 or an empty page, never 5xx', async () => {
    const admin = await server().login(ADMIN)
    for (const filter of [
      '?actor_id=abc',
      '?actor_id=-1',
      '?actor_id=99999999999',
      '?target_type=password',
      '?action=drop',
      '?from=yesterday',
      '?to=2026-13-40T99:00:00Z',
      '?order_by=hash',
      '?start=-5',
    ]) {
      const reply = await server().request('GET', `/org/v1/journal${filter}`, { token: admin })
      expect(reply.status, filter).toBe(400)
    }
    for (const filter of [
      '?from=0001-01-01T00:00:00Z&to=9999-12-31T23:59:59Z',
      '?from=2100-01-01T00:00:00Z',
      '?actor_id=2000000000',
      '?start=999999999',
      `?search=${encodeURIComponent("%' or 1=1 --")}`,
    ]) {
      const reply = await server().request('GET', `/org/v1/journal${filter}`, { token: admin })
      expect(reply.status, filter).toBe(200)
    }
    const everything = await journal(admin, '?from=0001-01-01T00:00:00Z&to=9999-12-31T23:59:59Z')
    expect(everything.recordsFiltered).toBe(everything.recordsTotal)
    expect((await journal(admin, '?from=2100-01-01T00:00:00Z')).data).toEqual([])
  })

  it('journals device commands and created PINs with their audit rows, invites and uploads', async () => {
    const admin = await server().login(ADMIN)
    const devices = shaped(
      (await server().request('GET', '/sbm/v1/devices?length=500', { token: admin })).body,
      listOf(Device),
    ).data
    const lock = devices.find(
      (d) => d.current_status.connected && d.capabilities.includes('remotely_unlock'),
    )
    if (!lock) throw new Error('no connected lock among the seeded devices')
    const command = await server().request(
      'POST',
      `/access/v1/devices/${lock.device_id}/control/unlock`,
      { token: admin, json: {}, headers: { 'idempotency-key': 'journal-unlock-1' } },
    )
    expect(command.status).toBe(200)
    const { audit_id: auditId } = command.body as { audit_id: number }
    const commandRow = (await rowsOf(admin, 'device', lock.device_id)).at(-1)
    expect(commandRow).toMatchObject({
      action: 'device_command',
      audit_id: auditId,
      target_name: lock.name,
    })

    const adminMe = await me(admin)
    const coder = devices.find(
      (d) =>
        d.capabilities.includes('program_offline_access_codes') &&
        d.organization_id === adminMe.organization_id,
    )
    if (!coder) throw new Error('no device programs offline codes')
    const credential = await server().request('POST', '/access/v1/credentials', {
      token: admin,
      json: {
        user_id: adminMe.user_id,
        assignment_type: 'device',
        assignment_id: coder.device_id,
        start_datetime: '2026-01-01T08:00:00Z',
        permanent: true,
      },
    })
    expect(credential.status, JSON.stringify(credential.body)).toBe(201)
    const credentialId = (credential.body as { credential_id: number }).credential_id
    const pin = await server().request(
      'POST',
      `/access/v1/devices/${coder.device_id}/set/create_pin`,
      {
        token: admin,
        json: {
          data: {
            start_date: '2026-01-01T08:00:00Z',
            end_date: '2027-01-01T08:00:00Z',
            manufacturer_id: coder.manufacturer_id,
            device_id_manufacturer: coder.device_id_manufacturer,
            credential_id: credentialId,
          },
        },
        headers: { 'idempotency-key': 'journal-pin-1' },
      },
    )
    expect(pin.status).toBe(200)
    const pinRows = await rowsOf(admin, 'credential', credentialId)
    expect(pinRows.map((r) => r.action)).toEqual(['create', 'create_pin'])
    expect(pinRows[1]).toMatchObject({
      audit_id: (pin.body as { audit_id: number }).audit_id,
      target_name: `${ADMIN} → ${coder.name}`,
      changes: {},
    })

    const users = shaped(
      (await server().request('GET', '/org/v1/users?search=mia&length=5', { token: admin })).body,
      listOf(User),
    ).data
    const mia = users[0]
    if (!mia) throw new Error('seed user mia missing')
    const invited = await server().request('POST', '/notify', {
      token: admin,
      json: { workflow: 'first_password_email', user_id: mia.user_id },
    })
    expect(invited.status).toBe(202)
    const outbox = shaped(
      (await server().request('GET', '/dev/outbox?length=50')).body,
      listOf(OutboxMessage),
    ).data
    const token = outbox.find((m) => m.recipient === mia.email)?.link?.split('token=')[1]
    const reset = await server().request('POST', '/org/v1/users/password-reset', {
      json: { token, new_password: 'Mias-Journal-Password' },
    })
    expect(reset.status).toBe(200)
    const miaRows = await rowsOf(admin, 'user', mia.user_id)
    expect(miaRows.slice(-2)).toMatchObject([
      { action: 'invite_sent', actor_email: ADMIN, changes: { channel: [null, 'email'] } },
      { action: 'password_reset', actor_id: mia.user_id, actor_email: mia.email, changes: {} },
    ])

    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0])
    const body = new FormData()
    body.append(`image_1_plan.png`, new Blob([png], { type: 'image/png' }), 'plan.png')
    const uploaded = await server().request('POST', '/upload', { token: admin, body })
    expect(uploaded.status).toBe(201)
    const uploads = await journal(admin, '?action=upload')
    expect(uploads.data[0]).toMatchObject({
      target_name: (uploaded.body as { name: string }).name,
      changes: { content_type: [null, 'image/png'], size: [null, png.length] },
    })
  })

  /**
   * Whether the journal's text holds the secret. A PIN is six digits: a timestamp's microseconds
   * ("17:52:05.705038") or a run of a hash's hex can hold the same digits by chance, so a PIN counts
   * only where no digit, hex letter or decimal point touches it.
   */
  const leaks = (text: string, secret: string) =>
    /^\d+$/.test(secret)
      ? new RegExp(`(?<![0-9a-fA-F.])${secret}(?![0-9a-fA-F])`).test(text)
      : text.includes(secret)

  it('holds none of the seeded secrets', async () => {
    // A password typed into the name field, a wrong one, a right one, and tokens issued.
    await server().request('POST', '/auth/v1/token', {
      form: { username: PASSWORD, password: PASSWORD },
    })
    const pair = await server().pair(ADMIN)
    const { db } = server().running.handle.services
    const secrets = await db.query<{ secret: string | null }>(
      `select secret_hash as secret from refresh_tokens
       union all select token_id from refresh_tokens
       union all select pin from credentials where pin is not null
       union all select password_hash from users where password_hash is not null
       union all select token_hash from password_tokens
       union all select split_part(link, 'token=', 2) from outbox`,
    )
    // The test before made a PIN and an invite link: both are among the secrets looked for.
    const [made] = await db.query<{ pins: number; links: number }>(
      `select (select count(*) from credentials where pin is not null)::int as pins,
              (select count(*) from outbox)::int as links`,
    )
    expect(made?.pins).toBeGreaterThan(0)
    expect(made?.links).toBeGreaterThan(0)
    const rows = await db.query<{ text: string }>('select j::text as text from journal j')
    const all = rows.map((r) => r.text).join('\n')
    expect(rows.length).toBeGreaterThan(0)
    for (const secret of [
      PASSWORD,
      pair.access_token,
      pair.refresh_token,
      ...secrets.flatMap((s) => (s.secret ? [s.secret] : [])),
    ]) {
      expect(leaks(all, secret), secret.slice(0, 12)).toBe(false)
    }
  })
})
