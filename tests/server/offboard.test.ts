import { DateTime } from 'luxon'
import { afterEach, describe, expect, it } from 'vitest'
import { Credential } from '../../src/contract/credentials'
import { JournalEntry } from '../../src/contract/journal'
import { listOf } from '../../src/contract/list'
import { OffboardReport, offboardPath, offboardUndoPath } from '../../src/contract/offboarding'
import { Me, User } from '../../src/contract/users'
import { ADMIN, STAFF, shaped, useServer } from './helpers'

// The leaver (issue 66, decision 074): offboarding in one journaled transaction, its report of
// what remains, its undo within ten minutes on the server's clock, and its refusals. Runs on
// PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

const server = useServer()
const services = () => server().running.handle.services
const clock = () => services().clock
afterEach(() => clock().set(null))

async function userNamed(token: string, search: string) {
  const reply = await server().request('GET', `/org/v1/users?search=${search}`, { token })
  const [user] = shaped(reply.body, listOf(User)).data
  if (!user) throw new Error(`no user ${search}`)
  return user
}

async function device(serial: string) {
  const [row] = await services().db.query<{
    device_id: number
    name: string
    manufacturer_id: number
    device_id_manufacturer: string
    assignment_type: string
    assignment_id: number
  }>(
    `select device_id, name, manufacturer_id, device_id_manufacturer, assignment_type,
       assignment_id from devices where device_id_manufacturer = $1`,
    [serial],
  )
  if (!row) throw new Error(`no device ${serial}`)
  return row
}

/** A lock of Acme (organization 1) other than the keypad, taken off the network. */
async function unconnectedLock() {
  const [row] = await services().db.query<{ device_id: number; name: string }>(
    `update devices set connected = false
     where device_id = (select device_id from devices where organization_id = 1
       and device_type_id = 'lock' order by device_id limit 1)
     returning device_id, name`,
  )
  if (!row) throw new Error('no lock')
  return row
}

async function credential(token: string, json: Record<string, unknown>) {
  const reply = await server().request('POST', '/access/v1/credentials', { token, json })
  expect(reply.status).toBe(201)
  return shaped(reply.body, Credential)
}

async function journalOf(token: string, requestId: string) {
  const reply = await server().request('GET', '/org/v1/journal?length=500', { token })
  return shaped(reply.body, listOf(JournalEntry)).data.filter((r) => r.request_id === requestId)
}

const serialOf = async (id: number) => {
  const [row] = await services().db.query<{ serial: string }>(
    'select device_id_manufacturer as serial from devices where device_id = $1',
    [id],
  )
  return row?.serial ?? ''
}

const stored = async (id: number) => {
  const [row] = await services().db.query<{ end_datetime: Date | null; pin: string | null }>(
    'select end_datetime, pin from credentials where credential_id = $1',
    [id],
  )
  return row
}

describe('offboarding a person', () => {
  it('ends everything in one journaled transaction, reports what remains, and undoes', async () => {
    const admin = await server().login(ADMIN)
    const clara = await userNamed(admin, 'Clara')
    const now = DateTime.fromJSDate(clock().now())
    const keypad = await device('SN-KP-RECEPTION')
    const lock = await unconnectedLock()
    const window = { start_datetime: now.minus({ days: 1 }).toISO(), permanent: true }
    const atKeypad = await credential(admin, {
      user_id: clara.user_id,
      assignment_type: 'device',
      assignment_id: keypad.device_id,
      ...window,
    })
    const atLock = await credential(admin, {
      user_id: clara.user_id,
      assignment_type: 'device',
      assignment_id: lock.device_id,
      ...window,
    })
    const later = await credential(admin, {
      user_id: clara.user_id,
      assignment_type: 'device',
      assignment_id: lock.device_id,
      start_datetime: now.plus({ days: 7 }).toISO(),
      end_datetime: now.plus({ days: 14 }).toISO(),
    })
    // An offline code on the lock that is not connected: it cannot be withdrawn there yet.
    const lockRow = await device(await serialOf(lock.device_id))
    const pin = await server().request(
      'POST',
      `/access/v1/devices/${lock.device_id}/set/create_pin`,
      {
        token: admin,
        json: {
          data: {
            start_date: now.toUTC().toISO(),
            end_date: now.plus({ months: 6 }).toUTC().toISO(),
            manufacturer_id: lockRow.manufacturer_id,
            device_id_manufacturer: lockRow.device_id_manufacturer,
            credential_id: atLock.credential_id,
          },
        },
      },
    )
    expect(pin.status).toBe(200)
    const code = (await stored(atLock.credential_id))?.pin
    expect(code).toMatch(/^\d+$/)
    const [made] = await services().db.query<{ valid_until: string }>(
      'select valid_until from offline_codes where credential_id = $1',
      [atLock.credential_id],
    )
    const [live] = await services().db.query<{ n: number }>(
      `select count(*)::int as n from credentials
       where user_id = $1 and (end_datetime is null or end_datetime > now())`,
      [clara.user_id],
    )
    const at = clock().now()
    clock().set(at)
    const reply = await server().request('POST', offboardPath(clara.user_id), { token: admin })
    expect(reply.status).toBe(200)
    const report = shaped(reply.body, OffboardReport)
    expect(report).toMatchObject({
      user_id: clara.user_id,
      credentials_ended: live?.n,
      memberships_ended: 1,
      undone_at: null,
      undoable: true,
    })
    expect(Date.parse(report.undo_until) - Date.parse(report.at)).toBe(10 * 60_000)
    expect(report.offline_codes).toEqual([
      {
        credential_id: atLock.credential_id,
        device_id: lock.device_id,
        device_name: lock.name,
        ends_at: new Date(made?.valid_until ?? 0).toISOString(),
        time_zone: 'Europe/Berlin',
      },
    ])
    expect(report.unreached_locks).toEqual([{ device_id: lock.device_id, device_name: lock.name }])

    // Disabled; begun credentials end now and stay, the one not begun is gone; no membership.
    const after = shaped(
      (await server().request('GET', `/org/v1/users/${clara.user_id}`, { token: admin })).body,
      User,
    )
    expect(after.disabled).toBe(true)
    const ended = await stored(atKeypad.credential_id)
    expect(ended?.end_datetime && new Date(ended.end_datetime).getTime()).toBeLessThanOrEqual(
      clock().now().getTime(),
    )
    expect(await stored(later.credential_id)).toBeUndefined()
    const [members] = await services().db.query<{ n: number }>(
      `select count(*)::int as n from group_members
       where user_id = $1 and (valid_until is null or valid_until > $2)`,
      [clara.user_id, clock().now()],
    )
    expect(members?.n).toBe(0)

    // One journal row per change, all under the request's id.
    const requestId = reply.headers.get('x-request-id') ?? ''
    const rows = await journalOf(admin, requestId)
    const count = (kind: string) =>
      rows.filter((r) => `${r.action} ${r.target_type}` === kind).length
    expect(rows).toHaveLength(report.credentials_ended + 3)
    expect(count('offboard user')).toBe(1)
    expect(count('update user')).toBe(1)
    expect(count('update group_member')).toBe(1)
    expect(count('delete credential')).toBe(1)
    expect(count('update credential')).toBe(report.credentials_ended - 1)

    // The report is there to read again.
    const again = await server().request('GET', offboardPath(clara.user_id), { token: admin })
    expect(shaped(again.body, OffboardReport).offboarding_id).toBe(report.offboarding_id)

    // Undo within ten minutes: the account, the memberships and the credentials with their PIN.
    clock().set(DateTime.fromJSDate(at).plus({ minutes: 9 }).toJSDate())
    const undo = await server().request('POST', offboardUndoPath(clara.user_id), { token: admin })
    expect(undo.status).toBe(200)
    expect(shaped(undo.body, OffboardReport)).toMatchObject({ undoable: false })
    const back = shaped(
      (await server().request('GET', `/org/v1/users/${clara.user_id}`, { token: admin })).body,
      User,
    )
    expect(back.disabled).toBe(false)
    // The code's withdrawal never reached its lock: it is the credential's again.
    expect(await stored(atLock.credential_id)).toEqual({ end_datetime: null, pin: code })
    expect((await stored(atKeypad.credential_id))?.end_datetime).toBeNull()
    const [holdings] = await services().db.query<{ n: number }>(
      `select count(*)::int as n from lock_holdings
       where credential_id = any($1::int[]) and wanted and state in ('pending', 'on_lock')`,
      [[atKeypad.credential_id, atLock.credential_id]],
    )
    expect(holdings?.n).toBe(2)
    expect(await stored(later.credential_id)).toBeDefined()
    const [restored] = await services().db.query<{ n: number }>(
      'select count(*)::int as n from group_members where user_id = $1 and valid_until is null',
      [clara.user_id],
    )
    expect(restored?.n).toBe(1)
    const undoRows = await journalOf(admin, undo.headers.get('x-request-id') ?? '')
    expect(undoRows.map((r) => r.action)).toContain('offboard_undo')

    // Once only.
    const twice = await server().request('POST', offboardUndoPath(clara.user_id), { token: admin })
    expect(twice.status).toBe(409)
    expect(twice.body).toMatchObject({ rule: 'nothing_to_undo' })
  })

  it('refuses an undo after ten minutes, and keeps the sessions ended after one', async () => {
    const admin = await server().login(ADMIN)
    const staff = await server().pair(STAFF)
    const user = await userNamed(admin, 'staff@demo.local')
    const at = clock().now()
    clock().set(at)
    const reply = await server().request('POST', offboardPath(user.user_id), { token: admin })
    expect(reply.status).toBe(200)
    expect(shaped(reply.body, OffboardReport).sessions_ended).toBeGreaterThanOrEqual(1)
    const signedOut = await server().request('GET', '/org/v1/users/me', {
      token: staff.access_token,
    })
    expect(signedOut.status).toBe(401)

    clock().set(DateTime.fromJSDate(at).plus({ minutes: 10, seconds: 1 }).toJSDate())
    const late = await server().request('POST', offboardUndoPath(user.user_id), { token: admin })
    expect(late.status).toBe(409)
    expect(late.body).toMatchObject({ rule: 'undo_expired', params: { minutes: 10 } })

    // A second offboarding, undone in time: the account is back, its old session is not.
    clock().set(null)
    await server().request('PUT', `/org/v1/users/${user.user_id}`, {
      token: admin,
      json: { disabled: false },
    })
    expect(
      (await server().request('POST', offboardPath(user.user_id), { token: admin })).status,
    ).toBe(200)
    const undo = await server().request('POST', offboardUndoPath(user.user_id), { token: admin })
    expect(undo.status).toBe(200)
    const refresh = await server().request('POST', '/auth/v1/token/refresh', {
      json: { refresh_token: staff.refresh_token },
    })
    expect(refresh.status).toBe(401)
    expect((await server().pair(STAFF)).access_token).toBeTruthy()
  })

  it('refuses one’s own account with 409 and a caller without the permissions with 403', async () => {
    const admin = await server().login(ADMIN)
    const me = shaped(
      (await server().request('GET', '/org/v1/users/me', { token: admin })).body,
      Me,
    )
    const own = await server().request('POST', offboardPath(me.user_id), { token: admin })
    expect(own.status).toBe(409)
    expect(own.body).toMatchObject({ rule: 'own_account', params: { change: 'offboard' } })
    const staff = await server().login(STAFF)
    const clara = await userNamed(admin, 'Clara')
    const refused = await server().request('POST', offboardPath(clara.user_id), { token: staff })
    expect(refused.status).toBe(403)
    const never = await server().request('POST', offboardUndoPath(me.user_id), { token: admin })
    expect(never.status).toBe(409)
    expect(never.body).toMatchObject({ rule: 'nothing_to_undo' })
  })
})
