import { beforeAll, describe, expect, it } from 'vitest'
import { AuditPage, type AuditEntry } from '../../src/contract/audits'
import { ClockState } from '../../src/contract/dev-clock'
import { ErrorBody } from '../../src/contract/errors'
import { JournalEntry } from '../../src/contract/journal'
import { listOf } from '../../src/contract/list'
import {
  DeviceSecretIssued,
  PIN_ENTRY_FAILURES,
  PIN_ENTRY_LOCK_SECONDS,
  PersonPinIssued,
  PersonPinState,
  PinEntryAnswer,
} from '../../src/contract/pin-entry'
import { User } from '../../src/contract/users'
import { issuePersonPin } from '../../server/routes/person-pins'
import { ADMIN, GLOBEX, ORGADMIN, STAFF, shaped, useServer } from './helpers'

// The keypad that asks the server (decision 066), through real HTTP with the server's clock moved:
// Pia's own PIN at the reception door of Acme HQ opens through the group "Front desk" on weekdays
// 07:00–19:00 Berlin time, except on the calendar's closed days; the answer and the device's audit
// log say why each time, and never hold the PIN.

const server = useServer({ clock: 'settable' })

const sql = <T extends object>(text: string, params: unknown[] = []) =>
  server().running.handle.services.db.query<T>(text, params)

// Wednesday 22 December 2027 (CET, UTC+1), and Christmas Day.
const WEEKDAY_10 = '2027-12-22T09:00:00.000Z'
const WEEKDAY_20 = '2027-12-22T19:00:00.000Z'
const CHRISTMAS_10 = '2027-12-25T09:00:00.000Z'

async function setClock(at: string | null) {
  const reply = await server().request('POST', '/dev/clock', { json: { at } })
  expect(reply.status).toBe(200)
  return shaped(reply.body, ClockState)
}

interface Site {
  organization: number
  floor: number
  door: number
  device: number
  pia: number
  group: number
  schedule: number
  rule: number
}
let site: Site
let admin: string
let orgadmin: string
let pin: string
let secret: string

const enter = (typed: string, auth: { device?: string; token?: string } = { device: secret }) =>
  server().request('POST', `/access/v1/devices/${site.device}/pin-entry`, {
    json: { pin: typed },
    ...(auth.token ? { token: auth.token } : {}),
    headers: auth.device ? { authorization: `Device ${auth.device}` } : {},
  })

async function decided(typed: string, auth?: { device?: string; token?: string }) {
  const reply = await enter(typed, auth)
  expect(reply.status).toBe(200)
  return shaped(reply.body, PinEntryAnswer)
}

async function auditRow(auditId: number): Promise<AuditEntry> {
  const reply = await server().request(
    'GET',
    `/sbm/v1/devices/audit?device_id=${site.device}&length=100`,
    { token: admin },
  )
  const row = shaped(reply.body, AuditPage).data.find((a) => a.audit_id === auditId)
  if (!row) throw new Error(`audit row ${auditId} not listed`)
  return row
}

beforeAll(async () => {
  admin = await server().login(ADMIN)
  orgadmin = await server().login(ORGADMIN)
  const [place] = await sql<{ organization_id: number; floor_id: number; door_id: number }>(
    `select l.organization_id, f.floor_id, d.door_id
     from locations l join floors f on f.location_id = l.location_id and f.name = 'Ground floor'
       join doors d on d.floor_id = f.floor_id and d.name = 'Ground floor Reception door'
     where l.name = 'Acme HQ'`,
  )
  const [device] = await sql<{ device_id: number }>(
    `select device_id from devices where assignment_type = 'door' and assignment_id = $1
     order by device_id limit 1`,
    [place?.door_id],
  )
  if (!place || !device) throw new Error('the seed has no device on the reception door')
  await sql(`update organizations set time_zone = 'Europe/Berlin' where organization_id = $1`, [
    place.organization_id,
  ])
  const created = await server().request('POST', '/org/v1/users', {
    token: orgadmin,
    json: {
      organization_id: place.organization_id,
      username: 'pia',
      email: 'pia@acme.example',
      first_name: 'Pia',
      last_name: 'Pforte',
      roles: ['staff'],
      permissions: ['users:read:org'],
      client_ids: ['acme-web'],
    },
  })
  expect(created.status).toBe(201)
  const pia = shaped(created.body, User).user_id
  // The model's own routes are another change's; the rows are written as they would write them.
  const [group] = await sql<{ group_id: number }>(
    `insert into access_groups (organization_id, name) values ($1, 'Front desk') returning group_id`,
    [place.organization_id],
  )
  const [calendar] = await sql<{ calendar_id: number }>(
    `insert into calendars (organization_id, name, exceptions)
     values ($1, 'Holidays 2027', '[{"name": "Christmas Day", "date": "2027-12-25", "effect": "closed"}]')
     returning calendar_id`,
    [place.organization_id],
  )
  const [schedule] = await sql<{ schedule_id: number }>(
    `insert into schedules (organization_id, name, intervals, calendar_ids)
     values ($1, 'Business hours',
       '[{"days": ["mon", "tue", "wed", "thu", "fri"], "start": "07:00", "end": "19:00"}]', $2)
     returning schedule_id`,
    [place.organization_id, [calendar?.calendar_id]],
  )
  const [rule] = await sql<{ rule_id: number }>(
    `insert into access_rules (organization_id, name, group_ids, targets, schedule_id)
     values ($1, 'Front desk on the ground floor', $2, $3, $4) returning rule_id`,
    [place.organization_id, [group?.group_id], [`floor:${place.floor_id}`], schedule?.schedule_id],
  )
  await sql(`insert into group_members (group_id, user_id, organization_id) values ($1, $2, $3)`, [
    group?.group_id,
    pia,
    place.organization_id,
  ])
  if (!group || !schedule || !rule) throw new Error('the model was not written')
  site = {
    organization: place.organization_id,
    floor: place.floor_id,
    door: place.door_id,
    device: device.device_id,
    pia,
    group: group.group_id,
    schedule: schedule.schedule_id,
    rule: rule.rule_id,
  }
})

describe('a person’s own PIN', () => {
  it('is made by whoever may change the person, shown once, and journaled without it', async () => {
    const issued = await server().request('POST', `/access/v1/users/${site.pia}/pin`, {
      token: orgadmin,
    })
    expect(issued.status).toBe(200)
    const made = shaped(issued.body, PersonPinIssued)
    // A demo organization of a few dozen people: 6 digits.
    expect(made.digits).toBe(6)
    expect(made.pin).toMatch(/^\d{6}$/)
    pin = made.pin

    const state = await server().request('GET', `/access/v1/users/${site.pia}/pin`, {
      token: await server().login(STAFF),
    })
    expect(shaped(state.body, PersonPinState)).toEqual({
      has_pin: true,
      digits: 6,
      changed_at: made.changed_at,
    })
    expect(JSON.stringify(state.body)).not.toContain(pin)

    const journal = await server().request(
      'GET',
      `/org/v1/journal?target_type=person_pin&target_id=${site.pia}`,
      { token: admin },
    )
    const rows = shaped(journal.body, listOf(JournalEntry)).data
    expect(rows.map((r) => [r.action, r.target_name, r.actor_email])).toEqual([
      ['create', 'pia@acme.example', ORGADMIN],
    ])
    expect(Object.keys(rows[0]?.changes ?? {}).sort()).toEqual([
      'changed_at',
      'digits',
      'organization_id',
      'user_id',
    ])
    expect(JSON.stringify(journal.body)).not.toContain(pin)
  })

  it('is not made by someone who may not change the person, not even their own', async () => {
    const staff = await server().login(STAFF)
    const [me] = await sql<{ user_id: number }>('select user_id from users where email = $1', [
      STAFF,
    ])
    for (const id of [site.pia, me?.user_id]) {
      const refused = await server().request('POST', `/access/v1/users/${id}/pin`, {
        token: staff,
      })
      expect(refused.status).toBe(403)
    }
    const elsewhere = await server().request('POST', `/access/v1/users/${site.pia}/pin`, {
      token: await server().login(GLOBEX),
    })
    expect(elsewhere.status).toBe(404)
  })

  it('is drawn again when the PIN drawn is another person’s in the organization', async () => {
    const services = server().running.handle.services
    const [staff] = await sql<{ user_id: number; organization_id: number; email: string }>(
      'select user_id, organization_id, email from users where email = $1',
      [STAFF],
    )
    if (!staff) throw new Error('no staff user')
    const drawn = [pin, '024680']
    const issued = await services.db.tx((q) =>
      issuePersonPin(
        q,
        services,
        staff,
        { actorId: null, actorEmail: null, clientAddress: null, requestId: null },
        () => drawn.shift() ?? '',
      ),
    )
    expect(issued.pin).toBe('024680')
    expect(drawn).toEqual([])
    const [held] = await sql<{ n: number }>(
      'select count(*)::int as n from person_pins where organization_id = $1',
      [staff.organization_id],
    )
    expect(held?.n).toBe(2)
  })
})

describe('the keypad asks the server', () => {
  it('has a secret of its own, made on request and shown once', async () => {
    const refused = await server().request('POST', `/sbm/v1/devices/${site.device}/secret`, {
      token: await server().login(STAFF),
    })
    expect(refused.status).toBe(403)
    const made = await server().request('POST', `/sbm/v1/devices/${site.device}/secret`, {
      token: admin,
    })
    expect(made.status).toBe(200)
    secret = shaped(made.body, DeviceSecretIssued).secret
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const device = await server().request('GET', `/sbm/v1/devices/${site.device}`, {
      token: admin,
    })
    expect(JSON.stringify(device.body)).not.toContain(secret)
    const journal = await server().request(
      'GET',
      `/org/v1/journal?target_type=device&target_id=${site.device}`,
      { token: admin },
    )
    const [row] = shaped(journal.body, listOf(JournalEntry)).data
    expect(row?.action).toBe('update')
    expect(Object.keys(row?.changes ?? {})).toEqual(['secret_made_at'])
    expect(JSON.stringify(journal.body)).not.toContain(secret)
  })

  it('opens for Pia on a weekday at 10:00 in Berlin, through her group’s rule', async () => {
    await setClock(WEEKDAY_10)
    const answer = await decided(pin)
    expect(answer).toMatchObject({
      granted: true,
      user_id: site.pia,
      reason: {
        rule_id: site.rule,
        rule_name: 'Front desk on the ground floor',
        group_id: site.group,
        group_name: 'Front desk',
        schedule_id: site.schedule,
        interval: { days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '07:00', end: '19:00' },
      },
      time_zone: 'Europe/Berlin',
    })
    expect(Date.parse(answer.at) - Date.parse(WEEKDAY_10)).toBeLessThan(60_000)
    const row = await auditRow(answer.audit_id)
    expect(row).toMatchObject({
      device_id: site.device,
      command: 'pin_entry',
      result: 'success',
      detail_code: 'access_granted',
      user_id: site.pia,
      actor_email: 'pia@acme.example',
      detail:
        'Access granted to pia@acme.example: rule Front desk on the ground floor through the group Front desk',
    })
    expect(row.detail_params).toMatchObject({ reason: 'rule', rule_id: site.rule })
  })

  it('refuses her at 20:00 and on Christmas Day, saying why in the answer and the audit log', async () => {
    await setClock(WEEKDAY_20)
    const evening = await decided(pin)
    expect(evening).toMatchObject({
      granted: false,
      user_id: site.pia,
      reason: { denied_because: 'outside_schedule', rule_id: site.rule, group_id: site.group },
    })
    expect(await auditRow(evening.audit_id)).toMatchObject({
      result: 'failure',
      detail_code: 'access_denied',
      detail_params: { reason: 'outside_schedule', user_id: site.pia },
      detail: 'Access denied to pia@acme.example: outside the schedule',
    })

    await setClock(CHRISTMAS_10)
    const christmas = await decided(pin)
    expect(christmas).toMatchObject({
      granted: false,
      reason: { denied_because: 'holiday', exception: 'Christmas Day', rule_id: site.rule },
    })
    expect((await auditRow(christmas.audit_id)).detail_params).toMatchObject({
      reason: 'holiday',
      exception: 'Christmas Day',
    })
  })

  it('answers a signed-in user with devices:update trying a PIN, and nobody else', async () => {
    await setClock(WEEKDAY_10)
    const tried = await decided(pin, { token: orgadmin })
    expect(tried.granted).toBe(true)
    // The audit row names who typed it, and whose PIN it was.
    expect(await auditRow(tried.audit_id)).toMatchObject({
      actor_email: ORGADMIN,
      detail_params: { email: 'pia@acme.example' },
    })
    expect((await enter(pin, { token: await server().login(STAFF) })).status).toBe(403)
    expect((await enter(pin, { token: await server().login(GLOBEX) })).status).toBe(404)
    const stranger = await enter(pin, {})
    expect(stranger.status).toBe(401)
    const wrong = await enter(pin, { device: 'x'.repeat(43) })
    expect(wrong.status).toBe(401)
    expect(shaped(wrong.body, ErrorBody).error).toBe('invalid_token')
    // Another device's secret is not this one's.
    const [other] = await sql<{ device_id: number }>(
      'select device_id from devices where device_id <> $1 order by device_id limit 1',
      [site.device],
    )
    const otherSecret = await server().request(
      'POST',
      `/sbm/v1/devices/${other?.device_id}/secret`,
      {
        token: admin,
      },
    )
    const foreign = shaped(otherSecret.body, DeviceSecretIssued).secret
    expect((await enter(pin, { device: foreign })).status).toBe(401)
    const malformed = await enter('12ab', { device: secret })
    expect(malformed.status).toBe(400)
    expect(shaped(malformed.body, ErrorBody).field).toBe('pin')
  })

  it('answers 429 after five wrong PINs, until the lock’s 30 seconds have passed', async () => {
    // An hour later: a fresh window.
    await setClock('2027-12-22T10:00:00.000Z')
    for (let i = 0; i < PIN_ENTRY_FAILURES; i++) {
      const wrong = await decided('0000')
      expect(wrong).toMatchObject({ granted: false, reason: { denied_because: 'unknown_pin' } })
      expect(wrong.user_id).toBeUndefined()
    }
    const locked = await enter(pin)
    expect(locked.status).toBe(429)
    const wait = Number(locked.headers.get('retry-after'))
    expect(wait).toBeGreaterThan(0)
    expect(wait).toBeLessThanOrEqual(PIN_ENTRY_LOCK_SECONDS)
    expect(shaped(locked.body, ErrorBody)).toMatchObject({
      error: 'throttled',
      params: { retry_after: wait },
    })
    expect((await enter(pin, { token: orgadmin })).status).toBe(429)
    await setClock('2027-12-22T10:00:31.000Z')
    expect((await decided(pin)).granted).toBe(true)
  })

  it('counts a burst of wrong PINs exactly: five are decided, the rest wait', async () => {
    await setClock('2027-12-22T11:00:00.000Z')
    const burst = await Promise.all(Array.from({ length: 12 }, () => enter('0000')))
    const statuses = burst.map((reply) => reply.status).sort()
    expect(statuses).toEqual([
      ...Array<number>(PIN_ENTRY_FAILURES).fill(200),
      ...Array<number>(12 - PIN_ENTRY_FAILURES).fill(429),
    ])
    await setClock('2027-12-22T11:00:31.000Z')
  })

  it('records a PIN that is nobody’s with nobody as the actor', async () => {
    const unknown = await decided('99999999')
    expect(await auditRow(unknown.audit_id)).toMatchObject({
      user_id: 0,
      actor_email: '',
      detail_code: 'access_denied',
      detail_params: { reason: 'unknown_pin' },
      detail: 'Access denied: the PIN is nobody’s',
    })
  })

  it('refuses a disabled person, one whose membership ended, and one no longer in the group', async () => {
    const disable = (disabled: boolean) =>
      server().request('PUT', `/org/v1/users/${site.pia}`, { token: admin, json: { disabled } })
    expect((await disable(true)).status).toBe(200)
    expect((await decided(pin)).reason.denied_because).toBe('disabled_user')
    expect((await disable(false)).status).toBe(200)
    expect((await decided(pin)).granted).toBe(true)

    await sql('update group_members set valid_until = $2 where user_id = $1', [
      site.pia,
      '2027-12-01T00:00:00Z',
    ])
    expect((await decided(pin)).reason).toMatchObject({
      denied_because: 'expired',
      rule_id: site.rule,
    })
    await sql('delete from group_members where user_id = $1', [site.pia])
    const removed = await decided(pin)
    expect(removed).toMatchObject({
      granted: false,
      user_id: site.pia,
      reason: { denied_because: 'not_member' },
    })
    expect(removed.reason.rule_id).toBeUndefined()
  })

  it('opens through a direct credential on the door, and refuses during a lockdown', async () => {
    await sql(
      `insert into credentials (organization_id, user_id, assignment_type, assignment_id,
         start_datetime, permanent)
       values ($1, $2, 'door', $3, '2027-01-01T00:00:00Z', true)`,
      [site.organization, site.pia, site.door],
    )
    const direct = await decided(pin)
    expect(direct.granted).toBe(true)
    expect(direct.reason.credential_id).toEqual(expect.any(Number))

    const lockdown = await server().request('POST', '/sbm/v1/lockdowns', {
      token: admin,
      json: { scope_type: 'floor', scope_id: site.floor, reason: 'Drill' },
    })
    expect(lockdown.status).toBe(201)
    const refused = await decided(pin)
    expect(refused.reason.denied_because).toBe('lockdown')
    expect((await auditRow(refused.audit_id)).detail_params).toMatchObject({
      reason: 'lockdown',
    })
  })

  it('never holds the PIN in the device’s audit log or the journal', async () => {
    const audits = await server().request(
      'GET',
      `/sbm/v1/devices/audit?device_id=${site.device}&length=100`,
      { token: admin },
    )
    expect(shaped(audits.body, AuditPage).data.length).toBeGreaterThan(10)
    expect(JSON.stringify(audits.body)).not.toContain(pin)
    const journal = await server().request('GET', '/org/v1/journal?length=500', { token: admin })
    expect(JSON.stringify(journal.body)).not.toContain(pin)
    expect(JSON.stringify(journal.body)).not.toContain(secret)
  })

  it('forgets a removed PIN: it is nobody’s', async () => {
    const removed = await server().request('DELETE', `/access/v1/users/${site.pia}/pin`, {
      token: orgadmin,
    })
    expect(removed.status).toBe(204)
    const state = await server().request('GET', `/access/v1/users/${site.pia}/pin`, {
      token: orgadmin,
    })
    expect(shaped(state.body, PersonPinState)).toEqual({
      has_pin: false,
      digits: null,
      changed_at: null,
    })
    expect((await decided(pin)).reason.denied_because).toBe('unknown_pin')
    // The person's history holds their PIN's life.
    const history = await server().request(
      'GET',
      `/org/v1/journal?about_type=user&about_id=${site.pia}&length=50`,
      { token: admin },
    )
    const rows = shaped(history.body, listOf(JournalEntry)).data
    expect(rows.filter((r) => r.target_type === 'person_pin').map((r) => r.action)).toEqual([
      'delete',
      'create',
    ])
    await setClock(null)
  })
})
