import { describe, expect, it } from 'vitest'
import {
  AccessRule,
  Calendar,
  Group,
  HolidayRegions,
  Member,
  MembersChanged,
  Schedule,
  type CalendarException,
} from '../../src/contract/access-model'
import { Device } from '../../src/contract/devices'
import { ErrorBody } from '../../src/contract/errors'
import { JournalEntry } from '../../src/contract/journal'
import { listOf } from '../../src/contract/list'
import { Door, Location } from '../../src/contract/locations'
import { Organization } from '../../src/contract/organizations'
import { ImportResult } from '../../src/contract/user-import'
import { User } from '../../src/contract/users'
import { accessDemo } from '../../server/db/seed-data'
import { ADMIN, AUDITOR, GLOBEX, ORGADMIN, STAFF, shaped, useServer, type Reply } from './helpers'

// Who may enter, when (decision 065): groups and their members, schedules, calendars with
// holidays, rules, and the organizations' and locations' time zones, over real HTTP. Every bad
// input answers 400 or 409 naming its field, never a 5xx.

const server = useServer()

const send = (token: string, method: string, path: string, json?: unknown) =>
  server().request(method, path, { token, json })

/** The body of a 2xx answer, checked against its contract. */
async function ok<T, S>(
  reply: Promise<Reply> | Reply,
  struct: import('superstruct').Struct<T, S>,
): Promise<T> {
  const answer = await reply
  if (answer.status >= 300) throw new Error(`${answer.status} ${JSON.stringify(answer.body)}`)
  return shaped(answer.body, struct)
}

/** A refusal's status, field, rule and parameters. */
async function refusal(reply: Promise<Reply> | Reply) {
  const answer = await reply
  const body = shaped(answer.body, ErrorBody)
  return { status: answer.status, field: body.field, rule: body.rule, params: body.params }
}

async function journal(token: string, type: string, id: number) {
  const page = await ok(
    send(
      token,
      'GET',
      `/org/v1/journal?target_type=${type}&target_id=${id}&order_direction=asc&length=100`,
    ),
    listOf(JournalEntry),
  )
  return page.data.map((row) => ({
    action: row.action,
    name: row.target_name,
    changes: row.changes,
  }))
}

async function acmeDoors(token: string) {
  return (await ok(send(token, 'GET', '/sbm/v1/doors?length=100'), listOf(Door))).data
}

async function userByEmail(token: string, email: string) {
  const page = await ok(send(token, 'GET', `/org/v1/users?search=${email}`), listOf(User))
  const user = page.data.find((u) => u.email === email)
  if (!user) throw new Error(`no user ${email}`)
  return user
}

const officeHours = [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '07:00', end: '19:00' }]

describe('groups', () => {
  it('creates, lists, reads, renames and deletes a group, each change journaled', async () => {
    const token = await server().login(ORGADMIN)
    const created = await ok(
      send(token, 'POST', '/access/v1/groups', { name: 'Night shift', description: 'After 22:00' }),
      Group,
    )
    expect(created).toMatchObject({
      name: 'Night shift',
      description: 'After 22:00',
      member_count: 0,
    })
    const listed = await ok(
      send(token, 'GET', '/access/v1/groups?search=night&order_by=name'),
      listOf(Group),
    )
    expect(listed.data.map((g) => g.name)).toEqual(['Night shift'])
    const renamed = await ok(
      send(token, 'PUT', `/access/v1/groups/${created.group_id}`, { name: 'Late shift' }),
      Group,
    )
    expect([renamed.name, renamed.description]).toEqual(['Late shift', 'After 22:00'])
    expect((await send(token, 'DELETE', `/access/v1/groups/${created.group_id}`)).status).toBe(204)
    expect((await send(token, 'GET', `/access/v1/groups/${created.group_id}`)).status).toBe(404)
    expect(await journal(token, 'group', created.group_id)).toEqual([
      {
        action: 'create',
        name: 'Night shift',
        changes: {
          name: [null, 'Night shift'],
          description: [null, 'After 22:00'],
          organization_id: [null, created.organization_id],
        },
      },
      { action: 'update', name: 'Night shift', changes: { name: ['Night shift', 'Late shift'] } },
      {
        action: 'delete',
        name: 'Late shift',
        changes: {
          name: ['Late shift', null],
          description: ['After 22:00', null],
          organization_id: [created.organization_id, null],
        },
      },
    ])
  })

  it("keeps each organization to its own: Globex's admin finds none of Acme's groups", async () => {
    const acme = await server().login(ORGADMIN)
    const globex = await server().login(GLOBEX)
    const group = await ok(send(acme, 'POST', '/access/v1/groups', { name: 'Acme only' }), Group)
    const path = `/access/v1/groups/${group.group_id}`
    expect((await send(globex, 'GET', path)).status).toBe(404)
    expect((await send(globex, 'PUT', path, { name: 'Taken over' })).status).toBe(404)
    expect((await send(globex, 'DELETE', path)).status).toBe(404)
    expect((await send(globex, 'GET', `${path}/members`)).status).toBe(404)
    const theirs = await ok(send(globex, 'GET', '/access/v1/groups?length=500'), listOf(Group))
    expect(theirs.data.every((g) => g.organization_id !== group.organization_id)).toBe(true)
    // Another organization named at creation is out of an org admin's reach.
    const elsewhere = await send(globex, 'POST', '/access/v1/groups', {
      name: 'Planted',
      organization_id: group.organization_id,
    })
    expect(elsewhere.status).toBe(404)
    // Staff and auditors read their organization's groups; neither writes.
    for (const reader of [STAFF, AUDITOR]) {
      const token = await server().login(reader)
      expect((await send(token, 'GET', path)).status).toBe(200)
      expect((await send(token, 'POST', '/access/v1/groups', { name: 'Mine' })).status).toBe(403)
    }
  })

  it('refuses a name the organization has in any letter case, and one holding ";"', async () => {
    const token = await server().login(ORGADMIN)
    await ok(send(token, 'POST', '/access/v1/groups', { name: 'Cleaners' }), Group)
    expect(await refusal(send(token, 'POST', '/access/v1/groups', { name: 'CLEANERS' }))).toEqual({
      status: 409,
      field: 'name',
      rule: 'taken',
      params: { subject: 'group' },
    })
    // Another organization may have its own.
    const globex = await server().login(GLOBEX)
    await ok(send(globex, 'POST', '/access/v1/groups', { name: 'cleaners' }), Group)
    expect(await refusal(send(token, 'POST', '/access/v1/groups', { name: 'A; B' }))).toMatchObject(
      { status: 400, field: 'name', rule: 'invalid' },
    )
  })
})

describe('members', () => {
  it('adds 1,000 people in one request, pages and searches them, changes windows and removes them, each journaled', async () => {
    const admin = await server().login(ADMIN)
    const token = await server().login(ORGADMIN)
    const csv = [
      'username,email,first_name,last_name,roles,permissions',
      ...Array.from(
        { length: 1000 },
        (_, i) => `member${i},member${i}@acme.example,Member,Number ${i},staff,users:read:org`,
      ),
    ].join('\r\n')
    const imported = await ok(
      server().request('POST', '/org/v1/users/import?dry_run=false', {
        token: admin,
        body: csv,
        type: 'text/csv',
      }),
      ImportResult,
    )
    const ids = imported.results.map((r) => r.user_id ?? 0)
    expect(ids.every((id) => id > 0)).toBe(true)
    const group = await ok(send(token, 'POST', '/access/v1/groups', { name: 'Everyone' }), Group)
    const members = `/access/v1/groups/${group.group_id}/members`
    const added = await ok(
      send(token, 'POST', members, { members: ids.map((id) => ({ user_id: id })) }),
      MembersChanged,
    )
    expect(added).toEqual({ added: 1000, updated: 0, removed: 0 })
    const counted = await ok(send(token, 'GET', `/access/v1/groups/${group.group_id}`), Group)
    expect(counted.member_count).toBe(1000)

    const page = await ok(send(token, 'GET', `${members}?start=990&length=20`), listOf(Member))
    expect([page.recordsTotal, page.data.length]).toEqual([1000, 10])
    const found = await ok(send(token, 'GET', `${members}?search=member42@`), listOf(Member))
    expect(found.data.map((m) => m.email)).toEqual(['member42@acme.example'])

    // The same people again: nothing changes. A window for two of them: two updates.
    const again = await ok(
      send(token, 'POST', members, { members: ids.slice(0, 3).map((id) => ({ user_id: id })) }),
      MembersChanged,
    )
    expect(again).toEqual({ added: 0, updated: 0, removed: 0 })
    const window = { valid_from: '2027-01-01T00:00:00Z', valid_until: '2027-07-01T00:00:00Z' }
    const windowed = await ok(
      send(token, 'POST', members, {
        members: [
          { user_id: ids[0], ...window },
          { user_id: ids[1], ...window },
          { user_id: ids[2] },
        ],
      }),
      MembersChanged,
    )
    expect(windowed).toEqual({ added: 0, updated: 2, removed: 0 })
    const first = await ok(send(token, 'GET', `${members}?search=member0@`), listOf(Member))
    expect(first.data[0]).toMatchObject({
      user_id: ids[0],
      valid_from: '2027-01-01T00:00:00.000Z',
      valid_until: '2027-07-01T00:00:00.000Z',
    })

    const removed = await ok(
      server().request('DELETE', members, { token, json: { user_ids: ids.slice(0, 600) } }),
      MembersChanged,
    )
    expect(removed).toEqual({ added: 0, updated: 0, removed: 600 })
    const left = await ok(send(token, 'GET', `/access/v1/groups/${group.group_id}`), Group)
    expect(left.member_count).toBe(400)

    const rows = await ok(
      send(token, 'GET', '/org/v1/journal?target_type=group_member&length=500&search=member0@'),
      listOf(JournalEntry),
    )
    expect(
      rows.data
        .filter((r) => r.target_name === 'member0@acme.example → Everyone')
        .map((r) => [r.action, Object.keys(r.changes).sort()])
        .reverse(),
    ).toEqual([
      ['create', ['group_id', 'organization_id', 'user_id', 'valid_from', 'valid_until']],
      ['update', ['valid_from', 'valid_until']],
      ['delete', ['group_id', 'organization_id', 'user_id', 'valid_from', 'valid_until']],
    ])
    const all = await ok(
      send(token, 'GET', '/org/v1/journal?target_type=group_member&length=1'),
      listOf(JournalEntry),
    )
    expect(all.recordsTotal).toBeGreaterThanOrEqual(1000 + 2 + 600)
  })

  it('refuses a person of another organization or an unknown one, naming them, and writes nothing', async () => {
    const token = await server().login(ORGADMIN)
    const group = await ok(send(token, 'POST', '/access/v1/groups', { name: 'Closed' }), Group)
    const globex = await server().login(GLOBEX)
    const stranger = await userByEmail(globex, 'globexadmin@demo.local')
    const own = await userByEmail(token, 'staff@demo.local')
    const members = `/access/v1/groups/${group.group_id}/members`
    const add = await refusal(
      send(token, 'POST', members, {
        members: [{ user_id: own.user_id }, { user_id: stranger.user_id }, { user_id: 1999999999 }],
      }),
    )
    expect(add).toEqual({
      status: 409,
      field: 'members',
      rule: 'conflict',
      params: { subject: 'member', user_ids: `${stranger.user_id}, 1999999999` },
    })
    const remove = await refusal(
      server().request('DELETE', members, { token, json: { user_ids: [stranger.user_id] } }),
    )
    expect([remove.status, remove.field, remove.params?.user_ids]).toEqual([
      409,
      'user_ids',
      String(stranger.user_id),
    ])
    const unchanged = await ok(send(token, 'GET', `/access/v1/groups/${group.group_id}`), Group)
    expect(unchanged.member_count).toBe(0)
    // Too many, a window that ends first: the contract's 400s.
    const many = Array.from({ length: 1001 }, (_, i) => ({ user_id: i + 1 }))
    expect(await refusal(send(token, 'POST', members, { members: many }))).toMatchObject({
      status: 400,
      field: 'members',
      rule: 'too_many',
    })
    const backwards = await refusal(
      send(token, 'POST', members, {
        members: [
          {
            user_id: own.user_id,
            valid_from: '2027-02-01T00:00:00Z',
            valid_until: '2027-01-01T00:00:00Z',
          },
        ],
      }),
    )
    expect(backwards).toMatchObject({ status: 400, field: 'members.0.valid_until' })
  })

  it('journals the removal of memberships when their group or their person is deleted', async () => {
    const admin = await server().login(ADMIN)
    const token = await server().login(ORGADMIN)
    const person = await ok(
      send(admin, 'POST', '/org/v1/users', {
        username: 'leaving',
        email: 'leaving@acme.example',
        roles: ['staff'],
        permissions: ['users:read:org'],
        organization_id: (await userByEmail(token, 'staff@demo.local')).organization_id,
      }),
      User,
    )
    const staff = await userByEmail(token, 'staff@demo.local')
    const groups = await Promise.all(
      ['Leavers A', 'Leavers B'].map((name) =>
        ok(send(token, 'POST', '/access/v1/groups', { name }), Group),
      ),
    )
    for (const group of groups)
      await ok(
        send(token, 'POST', `/access/v1/groups/${group.group_id}/members`, {
          members: [{ user_id: person.user_id }, { user_id: staff.user_id }],
        }),
        MembersChanged,
      )
    expect((await send(admin, 'DELETE', `/org/v1/users/${person.user_id}`)).status).toBe(204)
    const [a, b] = groups
    if (!a || !b) throw new Error('two groups')
    expect((await send(token, 'DELETE', `/access/v1/groups/${b.group_id}`)).status).toBe(204)
    const deletes = await ok(
      send(
        token,
        'GET',
        '/org/v1/journal?target_type=group_member&action=delete&search=Leavers&length=10',
      ),
      listOf(JournalEntry),
    )
    expect(deletes.data.map((r) => r.target_name).sort()).toEqual(
      [
        'leaving@acme.example → Leavers A',
        'leaving@acme.example → Leavers B',
        'staff@demo.local → Leavers B',
      ].sort(),
    )
    const left = await ok(
      send(token, 'GET', `/access/v1/groups/${a.group_id}/members`),
      listOf(Member),
    )
    expect(left.data.map((m) => m.email)).toEqual(['staff@demo.local'])
  })
})

describe('schedules and calendars', () => {
  it('saves a schedule with calendars of its organization only, and keeps what a rule uses', async () => {
    const token = await server().login(ORGADMIN)
    const calendar = await ok(
      send(token, 'POST', '/access/v1/calendars', {
        name: 'Closures',
        exceptions: [{ name: 'Inventory', date: '2027-06-30', effect: 'closed' }],
      }),
      Calendar,
    )
    const schedule = await ok(
      send(token, 'POST', '/access/v1/schedules', {
        name: 'Late hours',
        intervals: [{ days: ['fri', 'sat'], start: '22:00', end: '06:00' }],
        calendar_ids: [calendar.calendar_id],
      }),
      Schedule,
    )
    expect(schedule.intervals).toEqual([{ days: ['fri', 'sat'], start: '22:00', end: '06:00' }])
    const globex = await server().login(GLOBEX)
    const theirs = await ok(
      send(globex, 'POST', '/access/v1/calendars', { name: 'Globex days' }),
      Calendar,
    )
    expect(
      await refusal(
        send(token, 'PUT', `/access/v1/schedules/${schedule.schedule_id}`, {
          calendar_ids: [calendar.calendar_id, theirs.calendar_id],
        }),
      ),
    ).toEqual({
      status: 409,
      field: 'calendar_ids',
      rule: 'conflict',
      params: { subject: 'calendar', calendar_ids: String(theirs.calendar_id) },
    })
    expect((await send(globex, 'GET', `/access/v1/schedules/${schedule.schedule_id}`)).status).toBe(
      404,
    )
    // A calendar a schedule uses is kept (409); so is a schedule a rule uses.
    expect(
      await refusal(send(token, 'DELETE', `/access/v1/calendars/${calendar.calendar_id}`)),
    ).toEqual({
      status: 409,
      field: undefined,
      rule: 'in_use',
      params: { subject: 'calendar', schedules: 1 },
    })
    const group = await ok(send(token, 'POST', '/access/v1/groups', { name: 'Late crew' }), Group)
    const [door] = await acmeDoors(token)
    const rule = await ok(
      send(token, 'POST', '/access/v1/rules', {
        name: 'Late crew at night',
        group_ids: [group.group_id],
        targets: [{ type: 'door', id: door?.door_id }],
        schedule_id: schedule.schedule_id,
      }),
      AccessRule,
    )
    expect(
      await refusal(send(token, 'DELETE', `/access/v1/schedules/${schedule.schedule_id}`)),
    ).toEqual({
      status: 409,
      field: undefined,
      rule: 'in_use',
      params: { subject: 'schedule', rules: 1 },
    })
    expect(await refusal(send(token, 'DELETE', `/access/v1/groups/${group.group_id}`))).toEqual({
      status: 409,
      field: undefined,
      rule: 'in_use',
      params: { subject: 'group', rules: 1 },
    })
    expect((await send(token, 'DELETE', `/access/v1/rules/${rule.rule_id}`)).status).toBe(204)
    expect(
      (await send(token, 'DELETE', `/access/v1/schedules/${schedule.schedule_id}`)).status,
    ).toBe(204)
    expect(
      (await send(token, 'DELETE', `/access/v1/calendars/${calendar.calendar_id}`)).status,
    ).toBe(204)
    const rows = await journal(token, 'schedule', schedule.schedule_id)
    expect(rows.map((r) => r.action)).toEqual(['create', 'delete'])
    expect(rows[0]?.changes).toMatchObject({
      intervals: [null, [{ days: ['fri', 'sat'], start: '22:00', end: '06:00' }]],
      calendar_ids: [null, [calendar.calendar_id]],
    })
  })

  it('refuses intervals without length, calendars with unreadable, endless or too dense rules, and too many exceptions', async () => {
    const token = await server().login(ORGADMIN)
    const schedule = (intervals: unknown) =>
      refusal(send(token, 'POST', '/access/v1/schedules', { name: 'Bad', intervals }))
    expect(await schedule([{ days: ['mon'], start: '07:00', end: '07:00' }])).toMatchObject({
      status: 400,
      field: 'intervals.0.end',
      rule: 'end_before_start',
    })
    // 00:00–24:00 is the whole day; 07:00–31:00 would be more than one, and 25:00 is no time.
    const day = await send(token, 'POST', '/access/v1/schedules', {
      name: 'All day',
      intervals: [{ days: ['mon'], start: '00:00', end: '24:00' }],
    })
    expect(day.status).toBe(201)
    expect(await schedule([{ days: ['mon'], start: '08:00', end: '25:00' }])).toMatchObject({
      status: 400,
      field: 'intervals.0.end',
    })
    expect(await schedule([{ days: [], start: '08:00', end: '09:00' }])).toMatchObject({
      status: 400,
      field: 'intervals.0.days',
      rule: 'required',
    })

    const calendar = (exceptions: CalendarException[]) =>
      refusal(send(token, 'POST', '/access/v1/calendars', { name: 'Bad', exceptions }))
    const yearly = { name: 'Christmas Eve', dtstart: '2026-12-24', effect: 'closed' } as const
    expect(
      await calendar([yearly, { ...yearly, rrule: 'FREQ=SOMETIMES' }] as CalendarException[]),
    ).toMatchObject({ status: 400, field: 'exceptions.0.date' })
    expect(
      await calendar([
        { ...yearly, rrule: 'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24' },
        { ...yearly, rrule: 'FREQ=SOMETIMES' },
      ]),
    ).toMatchObject({
      status: 400,
      field: 'exceptions.1.rrule',
      rule: 'invalid',
      params: { index: 1 },
    })
    // Counted over the year of the start (2026 from 1 January: 8,760 hours) and this one.
    const newYear = { ...yearly, dtstart: '2026-01-01' }
    expect(await calendar([{ ...newYear, rrule: 'FREQ=HOURLY' }])).toMatchObject({
      status: 400,
      field: 'exceptions.0.rrule',
      rule: 'too_many',
      params: { index: 0, max: 1000, year: 2026 },
    })
    expect(await calendar([{ ...newYear, rrule: 'FREQ=DAILY;BYHOUR=0,6,12,18' }])).toMatchObject({
      status: 400,
      rule: 'too_many',
    })
    expect(await calendar([{ ...yearly, rrule: 'FREQ=DAILY;BYHOUR=25' }])).toMatchObject({
      status: 400,
      field: 'exceptions.0.rrule',
      rule: 'invalid',
    })
    // A rule that never occurs would send the expansion looking until the year 9999.
    const started = Date.now()
    expect(
      await calendar([{ ...yearly, rrule: 'FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=30' }]),
    ).toMatchObject({ status: 400, field: 'exceptions.0.rrule', rule: 'invalid' })
    expect(Date.now() - started).toBeLessThan(5000)
    // Each some tens of milliseconds, three hundred of them more than the calendar's second.
    const never = { ...yearly, rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' }
    const many = Date.now()
    expect(await calendar(Array.from({ length: 300 }, () => never))).toMatchObject({
      status: 400,
      rule: 'invalid',
    })
    expect(Date.now() - many).toBeLessThan(8000)
    expect(
      await calendar([{ ...yearly, rrule: 'DTSTART:20260101T000000Z\nRRULE:FREQ=YEARLY' }]),
    ).toMatchObject({ status: 400, field: 'exceptions.0.rrule' })
    expect(
      await calendar([
        { name: 'Half', date: '2027-01-02', start: '13:00', end: '12:00', effect: 'closed' },
      ]),
    ).toMatchObject({ status: 400, field: 'exceptions.0.end', rule: 'end_before_start' })
    const tenThousand = Array.from({ length: 10_000 }, () => ({
      date: '2027-01-01',
      effect: 'closed' as const,
    }))
    expect(await calendar(tenThousand)).toMatchObject({
      status: 400,
      field: 'exceptions',
      rule: 'too_many',
      params: { max: 1000 },
    })
    // A yearly day without an end is fine: it is expanded a year at a time.
    const saved = await ok(
      send(token, 'POST', '/access/v1/calendars', {
        name: 'Every Christmas Eve',
        exceptions: [
          {
            ...yearly,
            rrule: 'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=24',
            start: '12:00',
            end: '24:00',
          },
        ],
      }),
      Calendar,
    )
    expect(saved.exceptions).toHaveLength(1)
  })

  it("adds a region's public holidays of a year as closed days, once each", async () => {
    const token = await server().login(ORGADMIN)
    const calendar = await ok(
      send(token, 'POST', '/access/v1/calendars', {
        name: 'Holidays 2027',
        exceptions: [{ name: 'Our own', date: '2027-12-25', effect: 'closed' }],
      }),
      Calendar,
    )
    const path = `/access/v1/calendars/${calendar.calendar_id}/holidays`
    const filled = await ok(send(token, 'POST', path, { region: 'DE-BE', year: 2027 }), Calendar)
    const dates = filled.exceptions.map((e) => e.date)
    expect(dates).toContain('2027-12-25')
    expect(dates).toContain('2027-03-08')
    expect(filled.exceptions.find((e) => e.date === '2027-03-08')).toEqual({
      name: "International Women's Day",
      date: '2027-03-08',
      effect: 'closed',
    })
    // Christmas was there already, under its own name.
    expect(filled.exceptions.filter((e) => e.date === '2027-12-25')).toEqual([
      { name: 'Our own', date: '2027-12-25', effect: 'closed' },
    ])
    expect(new Set(dates).size).toBe(dates.length)
    const again = await ok(send(token, 'POST', path, { region: 'DE-BE', year: 2027 }), Calendar)
    expect(again.exceptions).toEqual(filled.exceptions)
    const german = await ok(
      send(token, 'POST', path, { region: 'DE-BE', year: 2028, language: 'de' }),
      Calendar,
    )
    expect(german.exceptions.find((e) => e.date === '2028-12-25')?.name).toBe('1. Weihnachtstag')
    expect(await refusal(send(token, 'POST', path, { region: 'DE-XX', year: 2027 }))).toMatchObject(
      { status: 400, field: 'region' },
    )
    expect(
      await refusal(send(token, 'POST', path, { region: 'Berlin', year: 2027 })),
    ).toMatchObject({ status: 400, field: 'region' })
    const rows = await journal(token, 'calendar', calendar.calendar_id)
    expect(rows.map((r) => r.action)).toEqual(['create', 'update', 'update', 'update'])
  })

  it('lists the regions a picker offers: a country and its subdivisions', async () => {
    const token = await server().login(STAFF)
    const germany = await ok(
      send(token, 'GET', '/access/v1/holiday-regions?country=DE'),
      HolidayRegions,
    )
    expect(germany[0]).toEqual({ code: 'DE', name: 'Germany' })
    expect(germany).toContainEqual({ code: 'DE-BE', name: 'Berlin, Germany' })
    const all = await ok(send(token, 'GET', '/access/v1/holiday-regions'), HolidayRegions)
    expect(all.length).toBeGreaterThan(500)
    expect(
      await refusal(send(token, 'GET', '/access/v1/holiday-regions?country=XX')),
    ).toMatchObject({ status: 400, field: 'country' })
  })
})

describe('rules', () => {
  it('gives groups places with names, and journals targets as type and id', async () => {
    const token = await server().login(ORGADMIN)
    const group = await ok(send(token, 'POST', '/access/v1/groups', { name: 'Couriers' }), Group)
    const [door] = await acmeDoors(token)
    if (!door) throw new Error('a door')
    const rule = await ok(
      send(token, 'POST', '/access/v1/rules', {
        name: 'Couriers at the door',
        group_ids: [group.group_id],
        targets: [
          { type: 'door', id: door.door_id },
          { type: 'floor', id: door.floor_id },
        ],
        valid_from: '2027-01-01T00:00:00Z',
      }),
      AccessRule,
    )
    expect(rule.targets[0]).toEqual({ type: 'door', id: door.door_id, name: door.name })
    expect(rule.schedule_id).toBeNull()
    const moved = await ok(
      send(token, 'PUT', `/access/v1/rules/${rule.rule_id}`, {
        valid_until: '2027-06-01T00:00:00Z',
      }),
      AccessRule,
    )
    expect([moved.valid_from, moved.valid_until, moved.targets.length]).toEqual([
      '2027-01-01T00:00:00.000Z',
      '2027-06-01T00:00:00.000Z',
      2,
    ])
    expect(
      await refusal(
        send(token, 'PUT', `/access/v1/rules/${rule.rule_id}`, {
          valid_until: '2026-06-01T00:00:00Z',
        }),
      ),
    ).toMatchObject({ status: 400, field: 'valid_until', rule: 'end_before_start' })
    const rows = await journal(token, 'access_rule', rule.rule_id)
    expect(rows[0]?.changes.targets).toEqual([
      null,
      [
        { type: 'door', id: door.door_id },
        { type: 'floor', id: door.floor_id },
      ],
    ])
    expect(rows[1]?.changes).toEqual({ valid_until: [null, '2027-06-01T00:00:00.000Z'] })
  })

  it('refuses a place, group or schedule of another organization, naming the field', async () => {
    const token = await server().login(ORGADMIN)
    const globex = await server().login(GLOBEX)
    const group = await ok(send(token, 'POST', '/access/v1/groups', { name: 'Visitors' }), Group)
    const theirGroup = await ok(
      send(globex, 'POST', '/access/v1/groups', { name: 'Theirs' }),
      Group,
    )
    const theirSchedule = await ok(
      send(globex, 'POST', '/access/v1/schedules', { name: 'Theirs', intervals: officeHours }),
      Schedule,
    )
    const [ourDoor] = await acmeDoors(token)
    const [theirDoor] = await acmeDoors(globex)
    const theirLocation = (
      await ok(send(globex, 'GET', '/sbm/v1/locations?length=1'), listOf(Location))
    ).data[0]
    const rule = (changes: object) =>
      refusal(
        send(token, 'POST', '/access/v1/rules', {
          name: 'Stretching',
          group_ids: [group.group_id],
          targets: [{ type: 'door', id: ourDoor?.door_id }],
          ...changes,
        }),
      )
    expect(
      await rule({
        targets: [
          { type: 'door', id: ourDoor?.door_id },
          { type: 'door', id: theirDoor?.door_id },
          { type: 'location', id: theirLocation?.location_id },
        ],
      }),
    ).toEqual({
      status: 409,
      field: 'targets',
      rule: 'conflict',
      params: {
        subject: 'target',
        targets: `door:${theirDoor?.door_id}, location:${theirLocation?.location_id}`,
      },
    })
    expect(await rule({ group_ids: [group.group_id, theirGroup.group_id] })).toMatchObject({
      status: 409,
      field: 'group_ids',
      params: { group_ids: String(theirGroup.group_id) },
    })
    expect(await rule({ schedule_id: theirSchedule.schedule_id })).toMatchObject({
      status: 409,
      field: 'schedule_id',
    })
    expect(await rule({ targets: [{ type: 'room', id: 1999999999 }] })).toMatchObject({
      status: 409,
      field: 'targets',
    })
    expect(
      await rule({ valid_from: '2027-02-01T00:00:00Z', valid_until: '2027-01-01T00:00:00Z' }),
    ).toMatchObject({ status: 400, field: 'valid_until', rule: 'end_before_start' })
    expect(await rule({ targets: [{ type: 'building', id: 1 }] })).toMatchObject({
      status: 400,
      field: 'targets.0.type',
    })
  })
})

describe('time zones', () => {
  it("sets an organization's zone and a location's own, journaled; a zone nobody knows is refused", async () => {
    const admin = await server().login(ADMIN)
    const org = await ok(
      send(admin, 'POST', '/org/v1/organizations', {
        name: 'Zoned',
        client_ids: ['zoned-web'],
        time_zone: 'America/New_York',
      }),
      Organization,
    )
    expect(org.time_zone).toBe('America/New_York')
    const plain = await ok(
      send(admin, 'POST', '/org/v1/organizations', { name: 'Plain', client_ids: ['plain-web'] }),
      Organization,
    )
    expect(plain.time_zone).toBe('UTC')
    // An organization keeps its access model: deleting it is refused while it has a group.
    const kept = await ok(
      send(admin, 'POST', '/access/v1/groups', {
        name: 'Plain people',
        organization_id: plain.organization_id,
      }),
      Group,
    )
    const orgPath = `/org/v1/organizations/${plain.organization_id}`
    expect(await refusal(send(admin, 'DELETE', orgPath))).toMatchObject({
      status: 409,
      rule: 'in_use',
    })
    expect((await send(admin, 'DELETE', `/access/v1/groups/${kept.group_id}`)).status).toBe(204)
    expect((await send(admin, 'DELETE', orgPath)).status).toBe(204)
    const moved = await ok(
      send(admin, 'PUT', `/org/v1/organizations/${org.organization_id}`, {
        time_zone: 'Australia/Lord_Howe',
      }),
      Organization,
    )
    expect(moved.time_zone).toBe('Australia/Lord_Howe')
    // Not a zone at all; an offset; one Intl still knows but the database does not.
    for (const zone of ['Mars/Olympus_Mons', '+05:00', 'US/Pacific-New']) {
      expect(
        await refusal(
          send(admin, 'PUT', `/org/v1/organizations/${org.organization_id}`, { time_zone: zone }),
        ),
      ).toMatchObject({ status: 400, field: 'time_zone' })
    }
    const rows = await journal(admin, 'organization', org.organization_id)
    expect(rows[1]?.changes).toEqual({ time_zone: ['America/New_York', 'Australia/Lord_Howe'] })

    const location = await ok(
      send(admin, 'POST', '/sbm/v1/locations', {
        name: 'Outpost',
        organization_id: org.organization_id,
        time_zone: 'Asia/Kolkata',
      }),
      Location,
    )
    expect(location.time_zone).toBe('Asia/Kolkata')
    const inherited = await ok(
      send(admin, 'PUT', `/sbm/v1/locations/${location.location_id}`, { time_zone: null }),
      Location,
    )
    expect(inherited.time_zone).toBeNull()
    expect(
      await refusal(
        send(admin, 'PUT', `/sbm/v1/locations/${location.location_id}`, {
          time_zone: 'US/Pacific-New',
        }),
      ),
    ).toMatchObject({ status: 400, field: 'time_zone' })
    expect((await journal(admin, 'location', location.location_id))[1]?.changes).toEqual({
      time_zone: ['Asia/Kolkata', null],
    })
  })
})

describe('the demo seed', () => {
  it('has Acme in Berlin, the reception keypad, the team with Clara, office hours with Berlin holidays and the rule', async () => {
    const own = await server().login(ORGADMIN)
    const me = await ok(send(own, 'GET', '/org/v1/organizations?length=5'), listOf(Organization))
    expect(me.data.map((o) => [o.name, o.time_zone])).toEqual([['Acme', 'Europe/Berlin']])
    // Auditors read the model of their organization (seed-data.ts, roles).
    const token = await server().login(AUDITOR)
    const groups = await ok(send(token, 'GET', '/access/v1/groups'), listOf(Group))
    const team = groups.data.find((g) => g.name === accessDemo.group.name)
    expect(team?.member_count).toBe(1)
    const members = await ok(
      send(token, 'GET', `/access/v1/groups/${team?.group_id}/members`),
      listOf(Member),
    )
    expect(members.data.map((m) => [m.first_name, m.email])).toEqual([
      ['Clara', 'clara.weber@acme.example'],
    ])
    const schedules = await ok(send(token, 'GET', '/access/v1/schedules'), listOf(Schedule))
    const hours = schedules.data.find((s) => s.name === accessDemo.schedule.name)
    expect(hours?.intervals).toEqual(officeHours)
    const calendar = await ok(
      send(token, 'GET', `/access/v1/calendars/${hours?.calendar_ids[0]}`),
      Calendar,
    )
    const year = new Date().getUTCFullYear()
    expect(calendar.name).toBe(accessDemo.calendar.name)
    const dates = calendar.exceptions.map((e) => e.date)
    expect(dates).toContain(`${year}-12-25`)
    expect(dates).toContain(`${year + 1}-03-08`)
    const rules = await ok(send(token, 'GET', '/access/v1/rules'), listOf(AccessRule))
    const rule = rules.data.find((r) => r.name === accessDemo.rule.name)
    expect(rule).toMatchObject({
      group_ids: [team?.group_id],
      schedule_id: hours?.schedule_id,
      targets: [{ type: 'floor', name: accessDemo.floor }],
    })
    const admin = await server().login(ADMIN)
    const keypads = await ok(
      send(admin, 'GET', `/sbm/v1/devices?search=${encodeURIComponent(accessDemo.keypad.name)}`),
      listOf(Device),
    )
    expect(
      keypads.data.map((d) => [d.device_type_id, d.place, d.current_status.connected]),
    ).toEqual([
      [
        'keypad',
        {
          location: accessDemo.location,
          floor: accessDemo.floor,
          room: 'Ground floor Reception',
          door: accessDemo.door,
        },
        true,
      ],
    ])
  })
})
