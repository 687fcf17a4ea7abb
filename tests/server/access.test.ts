import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ACCESS_PATH, AccessAnswer, GRANTS_SHOWN } from '../../src/contract/access'
import { Credential } from '../../src/contract/credentials'
import { JournalEntry } from '../../src/contract/journal'
import { listOf } from '../../src/contract/list'
import { User } from '../../src/contract/users'
import { ADMIN, AUDITOR, GLOBEX, ORGADMIN, STAFF, shaped, useServer } from './helpers'

const server = useServer()

const db = () => server().running.handle.services.db
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function access(token: string, query: string) {
  const reply = await server().request('GET', `${ACCESS_PATH}?${query}`, { token })
  if (reply.status !== 200) throw new Error(`access: ${reply.status} ${JSON.stringify(reply.body)}`)
  return shaped(reply.body, AccessAnswer)
}

const emails = (answer: AccessAnswer) => answer.people.map((p) => p.email)

let people = 0

/**
 * An Acme door that no credential and no rule opens (the seed's rule covers Acme HQ's ground floor),
 * its location, and a new Acme user holding none yet.
 */
async function fixture() {
  const [door] = await db().query<{
    door_id: number
    location_id: number
    organization_id: number
  }>(
    `select d.door_id, d.location_id, d.organization_id
     from doors d join organizations o using (organization_id)
     where o.name = 'Acme' and not exists
       (select 1 from credentials c where c.assignment_type = 'door' and c.assignment_id = d.door_id)
       and not exists (select 1 from access_rules r where r.targets && array[
         'door:' || d.door_id, 'room:' || d.room_id, 'floor:' || d.floor_id,
         'location:' || d.location_id])
     order by d.door_id desc limit 1`,
  )
  if (!door) throw new Error('no Acme door')
  people += 1
  const created = await server().request('POST', '/org/v1/users', {
    token: await server().login(ADMIN),
    json: {
      organization_id: door.organization_id,
      username: `access.${people}`,
      email: `access.${people}@acme.example`,
      first_name: 'Access',
      last_name: `Person ${people}`,
      roles: ['staff'],
      permissions: ['users:read:org'],
      client_ids: ['acme-web'],
    },
  })
  expect(created.status).toBe(201)
  const user = shaped(created.body, User)
  return { door, user }
}

async function grant(token: string, userId: number, json: Record<string, unknown>) {
  const reply = await server().request('POST', '/access/v1/credentials', {
    token,
    json: { user_id: userId, ...json },
  })
  expect(reply.status).toBe(201)
  return shaped(reply.body, Credential)
}

/** A moment between two changes: after the last one committed, before the next begins. */
async function moment() {
  await sleep(5)
  const at = new Date().toISOString()
  await sleep(5)
  return at
}

describe('who can open this', () => {
  it('pages the people by e-mail and lists each one’s first credentials with a count', async () => {
    const admin = await server().login(ADMIN)
    const { door, user } = await fixture()
    const second = (await fixture()).user
    const window = {
      assignment_type: 'door',
      assignment_id: door.door_id,
      start_datetime: new Date(Date.now() - 3_600_000).toISOString(),
      end_datetime: new Date(Date.now() + 86_400_000).toISOString(),
    }
    const granted: number[] = []
    for (let n = 0; n < GRANTS_SHOWN + 2; n += 1)
      granted.push((await grant(admin, user.user_id, window)).credential_id)
    await grant(admin, second.user_id, window)
    const query = `door_id=${door.door_id}`
    const all = await access(admin, query)
    expect(all.people_count).toBe(2)
    expect(all.start).toBe(0)
    expect(emails(all)).toEqual([user.email, second.email].sort())
    const many = all.people.find((p) => p.user_id === user.user_id)
    expect(many?.grant_count).toBe(GRANTS_SHOWN + 2)
    expect(many?.grants.map((g) => g.credential_id)).toEqual(granted.slice(0, GRANTS_SHOWN))
    // One person a page: the count stays, the page moves, past the end is empty.
    const first = await access(admin, `${query}&length=1`)
    const next = await access(admin, `${query}&length=1&start=1`)
    const beyond = await access(admin, `${query}&length=1&start=2`)
    expect([first.people_count, next.people_count, beyond.people_count]).toEqual([2, 2, 2])
    expect([...emails(first), ...emails(next)]).toEqual(emails(all))
    expect(beyond.people).toEqual([])
    expect(next.start).toBe(1)
  })

  it('answers now and at a past moment, undoing the changes made since', async () => {
    const admin = await server().login(ADMIN)
    const { door, user } = await fixture()
    const query = `door_id=${door.door_id}`
    expect(emails(await access(admin, query))).not.toContain(user.email)

    const credential = await grant(admin, user.user_id, {
      assignment_type: 'door',
      assignment_id: door.door_id,
      start_datetime: new Date(Date.now() - 3_600_000).toISOString(),
      end_datetime: new Date(Date.now() + 86_400_000).toISOString(),
    })
    const granted = await moment()
    const now = await access(admin, query)
    const person = now.people.find((p) => p.user_id === user.user_id)
    expect(person?.grants).toEqual([
      expect.objectContaining({
        credential_id: credential.credential_id,
        via_type: 'door',
        via_id: door.door_id,
      }),
    ])
    // The location's answer includes what opens its doors.
    expect(emails(await access(admin, `location_id=${door.location_id}`))).toContain(user.email)

    // The schedule moves to next week: not now, but still at the moment before the change.
    const nextWeek = Date.now() + 7 * 86_400_000
    const moved = await server().request(
      'PUT',
      `/access/v1/credentials/${credential.credential_id}`,
      {
        token: admin,
        json: {
          start_datetime: new Date(nextWeek).toISOString(),
          end_datetime: new Date(nextWeek + 86_400_000).toISOString(),
        },
      },
    )
    expect(moved.status).toBe(200)
    const rescheduled = await moment()
    expect(emails(await access(admin, query))).not.toContain(user.email)
    expect(emails(await access(admin, `${query}&at=${encodeURIComponent(granted)}`))).toContain(
      user.email,
    )
    // Next week, as things stand, the new schedule opens it.
    const then = new Date(nextWeek + 3_600_000).toISOString()
    expect(emails(await access(admin, `${query}&at=${encodeURIComponent(then)}`))).toContain(
      user.email,
    )

    // Disabled: nobody by their credentials; before that, as it was.
    await server().request('PUT', `/access/v1/credentials/${credential.credential_id}`, {
      token: admin,
      json: { start_datetime: new Date(Date.now() - 3_600_000).toISOString() },
    })
    const reopened = await moment()
    const disabled = await server().request('PUT', `/org/v1/users/${user.user_id}`, {
      token: admin,
      json: { disabled: true },
    })
    expect(disabled.status).toBe(200)
    expect(emails(await access(admin, query))).not.toContain(user.email)
    const atReopened = `${query}&at=${encodeURIComponent(reopened)}`
    expect(emails(await access(admin, atReopened))).toContain(user.email)

    // Deleted with the user: the credential's delete row brings it back for the past moment.
    const deleted = await server().request('DELETE', `/org/v1/users/${user.user_id}`, {
      token: admin,
    })
    expect(deleted.status).toBe(204)
    const past = await access(admin, atReopened)
    expect(past.people.find((p) => p.user_id === user.user_id)).toMatchObject({
      email: user.email,
      grants: [expect.objectContaining({ credential_id: credential.credential_id })],
    })
    expect(
      emails(await access(admin, `${query}&at=${encodeURIComponent(rescheduled)}`)),
    ).not.toContain(user.email)
  })

  it('follows a device to where it was mounted', async () => {
    const admin = await server().login(ADMIN)
    const { door, user } = await fixture()
    const [device] = await db().query<{ device_id: number; assignment_id: number }>(
      `select device_id, assignment_id from devices
       where assignment_type = 'door' and assignment_id <> $1 and organization_id =
         (select organization_id from doors where door_id = $1)
       order by device_id limit 1`,
      [door.door_id],
    )
    if (!device) throw new Error('no device on a door')
    await grant(admin, user.user_id, {
      assignment_type: 'device',
      assignment_id: device.device_id,
      start_datetime: new Date(Date.now() - 3_600_000).toISOString(),
      permanent: true,
    })
    const before = await moment()
    expect(emails(await access(admin, `door_id=${door.door_id}`))).not.toContain(user.email)
    const remount = await server().request('PUT', `/sbm/v1/devices/${device.device_id}`, {
      token: admin,
      json: { assignment_type: 'door', assignment_id: door.door_id },
    })
    expect(remount.status).toBe(200)
    expect(emails(await access(admin, `door_id=${door.door_id}`))).toContain(user.email)
    const atBefore = `at=${encodeURIComponent(before)}`
    expect(emails(await access(admin, `door_id=${door.door_id}&${atBefore}`))).not.toContain(
      user.email,
    )
    expect(emails(await access(admin, `door_id=${device.assignment_id}&${atBefore}`))).toContain(
      user.email,
    )
    expect(emails(await access(admin, `device_id=${device.device_id}&${atBefore}`))).toContain(
      user.email,
    )
  })

  it('reads a repeating schedule on the wall clock of the place; a zone asked for writes the answer', async () => {
    const admin = await server().login(ADMIN)
    const { door, user } = await fixture()
    // 09:00–17:00 in Berlin, every day, for a year.
    await grant(admin, user.user_id, {
      assignment_type: 'door',
      assignment_id: door.door_id,
      start_datetime: '2027-01-01T09:00:00+01:00',
      end_datetime: '2027-12-31T17:00:00+01:00',
      repetition: { type: 'daily' },
    })
    const zoneOf = async (location: string | null, organization: string) => {
      await db().query('update locations set time_zone = $2 where location_id = $1', [
        door.location_id,
        location,
      ])
      await db().query('update organizations set time_zone = $2 where organization_id = $1', [
        door.organization_id,
        organization,
      ])
    }
    const at = (iso: string, zone?: string) =>
      access(
        admin,
        `door_id=${door.door_id}&at=${encodeURIComponent(iso)}${zone ? `&time_zone=${encodeURIComponent(zone)}` : ''}`,
      )
    // The building on Berlin time: its doors open 09:00–17:00 there, whatever zone is asked for.
    await zoneOf('Europe/Berlin', 'UTC')
    const inBerlin = await at('2027-12-02T10:00:00+01:00', 'America/New_York')
    expect(emails(inBerlin)).toContain(user.email)
    expect(inBerlin).toMatchObject({
      at: '2027-12-02T04:00:00.000-05:00',
      time_zone: 'America/New_York',
      place_time_zone: 'Europe/Berlin',
    })
    expect(inBerlin.people.find((p) => p.user_id === user.user_id)?.grants[0]).toMatchObject({
      start_datetime: '2027-01-01T03:00:00.000-05:00',
      end_datetime: '2027-12-31T11:00:00.000-05:00',
    })
    expect(emails(await at('2027-12-02T18:00:00+01:00'))).not.toContain(user.email)
    // The building on New York time (its organization's, the location naming none): the
    // credential's 09:00 Berlin start is 03:00 there, so it opens 03:00–11:00 New York time.
    await zoneOf(null, 'America/New_York')
    const inNewYork = await at('2027-12-02T15:00:00+01:00')
    expect(emails(inNewYork)).toContain(user.email)
    expect(inNewYork).toMatchObject({
      at: '2027-12-02T09:00:00.000-05:00',
      time_zone: 'America/New_York',
      place_time_zone: 'America/New_York',
    })
    expect(emails(await at('2027-12-02T18:00:00+01:00', 'Europe/Berlin'))).not.toContain(user.email)
    await zoneOf(null, 'UTC')
  })

  it('keeps to the caller’s permissions and organization, and refuses bad questions', async () => {
    const { door } = await fixture()
    const [globexDoor] = await db().query<{ door_id: number }>(
      `select door_id from doors d join organizations o using (organization_id)
       where o.name = 'Globex' limit 1`,
    )
    if (!globexDoor) throw new Error('no Globex door')
    const orgadmin = await server().login(ORGADMIN)
    const staff = await server().login(STAFF)
    const auditor = await server().login(AUDITOR)
    const globex = await server().login(GLOBEX)
    const ask = (token: string, query: string) =>
      server().request('GET', `${ACCESS_PATH}?${query}`, { token })
    const past = `at=${encodeURIComponent(new Date(Date.now() - 1000).toISOString())}`

    expect((await ask(orgadmin, `door_id=${door.door_id}&${past}`)).status).toBe(200)
    expect((await ask(orgadmin, `door_id=${globexDoor.door_id}`)).status).toBe(404)
    expect((await ask(globex, `door_id=${door.door_id}`)).status).toBe(404)
    // Staff read credentials, not the journal: now, yes; a past moment, no.
    expect((await ask(staff, `door_id=${door.door_id}`)).status).toBe(200)
    expect((await ask(staff, `door_id=${door.door_id}&${past}`)).status).toBe(403)
    expect((await ask(auditor, `door_id=${door.door_id}`)).status).toBe(403)

    for (const bad of [
      '',
      `door_id=${door.door_id}&location_id=1`,
      'door_id=abc',
      'door_id=0',
      `door_id=${door.door_id}&at=yesterday`,
      `door_id=${door.door_id}&time_zone=Mars%2FOlympus`,
      `door_id=${door.door_id}&time_zone=${'x'.repeat(500)}`,
      `door_id=${door.door_id}&unknown=1`,
    ]) {
      const reply = await ask(orgadmin, bad)
      expect(reply.status, bad).toBe(400)
    }
    expect((await ask(orgadmin, 'door_id=2147483647')).status).toBe(404)
    // Before the journal began, a past moment cannot be rebuilt: refused with its rule.
    const early = await ask(orgadmin, `door_id=${door.door_id}&at=2001-01-01T00:00:00Z`)
    expect(early.status).toBe(409)
    expect(early.body).toMatchObject({ field: 'at', rule: 'before_journal' })
  })
  it('never answers a hostile query with a server error', async () => {
    const token = await server().login(ORGADMIN)
    const value = fc.oneof(
      fc.string(),
      fc.integer().map(String),
      fc.constantFrom('1e3', '0x10', '-1', '9'.repeat(30), '2026-13-45T99:99:99Z', 'UTC', 'null'),
    )
    const key = fc.constantFrom('door_id', 'location_id', 'device_id', 'at', 'time_zone', 'x')
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(key, value), { maxLength: 4 }), async (pairs) => {
        const query = new URLSearchParams(pairs).toString()
        const reply = await server().request('GET', `${ACCESS_PATH}?${query}`, { token })
        expect(reply.status, query).toBeLessThan(500)
      }),
      { numRuns: 150 },
    )
  })
  it('finds the journal rows about a user or a door, their credentials included', async () => {
    const admin = await server().login(ADMIN)
    const { door, user } = await fixture()
    const credential = await grant(admin, user.user_id, {
      assignment_type: 'door',
      assignment_id: door.door_id,
      start_datetime: new Date(Date.now() - 3_600_000).toISOString(),
      permanent: true,
    })
    const elsewhere = await server().request(
      'PUT',
      `/access/v1/credentials/${credential.credential_id}`,
      { token: admin, json: { assignment_type: 'location', assignment_id: door.location_id } },
    )
    expect(elsewhere.status).toBe(200)
    const about = async (query: string) => {
      const reply = await server().request('GET', `/org/v1/journal?${query}&length=50`, {
        token: admin,
      })
      expect(reply.status).toBe(200)
      const page = shaped(reply.body, listOf(JournalEntry))
      return page.data.map((row) => `${row.action} ${row.target_type} ${row.target_id}`)
    }
    const ofCredential = [
      `update credential ${credential.credential_id}`,
      `create credential ${credential.credential_id}`,
    ]
    expect(await about(`about_type=user&about_id=${user.user_id}`)).toEqual([
      ...ofCredential,
      `create user ${user.user_id}`,
    ])
    // The door keeps the credential that moved away from it.
    expect(await about(`about_type=door&about_id=${door.door_id}`)).toEqual(
      expect.arrayContaining(ofCredential),
    )
    // A location with the same number as the door is another place.
    expect(await about(`about_type=door&about_id=${door.location_id}`)).not.toEqual(
      expect.arrayContaining(ofCredential),
    )
    const half = await server().request('GET', '/org/v1/journal?about_type=user', { token: admin })
    expect(half.status).toBe(400)
  })
})
