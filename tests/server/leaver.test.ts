import { describe, expect, it } from 'vitest'
import { AccessAnswer } from '../../src/contract/access'
import { JournalEntry } from '../../src/contract/journal'
import { listOf } from '../../src/contract/list'
import { OffboardReport, offboardPath } from '../../src/contract/offboarding'
import { PersonPinIssued, PinEntryAnswer } from '../../src/contract/pin-entry'
import { ADMIN, shaped, useServer } from './helpers'

// The leaver test of issue 66 (decisions 073 and 074), on PGlite and, with TEST_DATABASE_URL, on
// PostgreSQL: a person with 20 credentials over 30 locks, 5 of them not connected, is offboarded.
// Within 5 s every connected lock has removed the PINs and a PIN typed at each is denied; the 5
// unreached locks are listed, and removed too once they connect; "who can open" names the person
// nowhere; the journal has one offboarding entry with its parts.

const server = useServer()
const services = () => server().running.handle.services
const sql = <T extends object>(text: string, params?: readonly unknown[]) =>
  services().db.query<T>(text, params)

const LOCKS = 30
const UNCONNECTED = 5

/** Polls `check` until it holds or `ms` pass; answers whether it held. */
async function within(ms: number, check: () => Promise<boolean>) {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (await check()) return true
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  return check()
}

/** A location in Berlin with 30 locks that hold PINs, the first 5 not connected. */
async function site() {
  const [loc] = await sql<{ location_id: number }>(
    `insert into locations (organization_id, name, time_zone)
     values (1, 'Leaver site', 'Europe/Berlin') returning location_id`,
  )
  if (!loc) throw new Error('no location')
  const locks = await sql<{ device_id: number; connected: boolean }>(
    `insert into devices (organization_id, name, device_type_id, manufacturer_id,
       device_id_manufacturer, capabilities, connected, assignment_type, assignment_id, location_id)
     select 1, 'Leaver lock ' || n, 'lock', (select min(manufacturer_id) from manufacturers),
       'LEAVER-' || n, array['program_offline_access_codes'], n > $2, 'location', $1, $1
     from generate_series(1, $3::int) n order by n returning device_id, connected`,
    [loc.location_id, UNCONNECTED, LOCKS],
  )
  return { location: loc.location_id, locks }
}

const holdingStates = (userId: number) =>
  sql<{ device_id: number; state: string; connected: boolean }>(
    `select h.device_id, h.state, d.connected from lock_holdings h
     join devices d using (device_id) where h.user_id = $1`,
    [userId],
  )

describe('the leaver', () => {
  it(
    'is taken off every lock, listed where not yet, and named nowhere',
    { timeout: 120_000 },
    async () => {
      const token = await server().login(ADMIN)
      const { location, locks } = await site()
      const created = await server().request('POST', '/org/v1/users', {
        token,
        json: {
          username: 'leaver',
          email: 'leaver@acme.example',
          roles: ['staff'],
          permissions: ['devices:read:org'],
          organization_id: 1,
        },
      })
      expect(created.status).toBe(201)
      const userId = (created.body as { user_id: number }).user_id
      const start = new Date(services().clock.now().getTime() - 3_600_000).toISOString()
      // 10 credentials on the whole location (all 30 locks) and one on each of 10 single locks.
      const places = [
        ...Array.from({ length: 10 }, () => ({
          assignment_type: 'location',
          assignment_id: location,
        })),
        ...locks.slice(UNCONNECTED, UNCONNECTED + 10).map((lock) => ({
          assignment_type: 'device',
          assignment_id: lock.device_id,
        })),
      ]
      for (const place of places) {
        const reply = await server().request('POST', '/access/v1/credentials', {
          token,
          json: { user_id: userId, ...place, start_datetime: start, permanent: true },
        })
        expect(reply.status).toBe(201)
      }
      const pin = shaped(
        (await server().request('POST', `/access/v1/users/${userId}/pin`, { token })).body,
        PersonPinIssued,
      ).pin
      const connected = locks.filter((lock) => lock.connected)
      const typed = async (deviceId: number) =>
        shaped(
          (
            await server().request('POST', `/access/v1/devices/${deviceId}/pin-entry`, {
              token,
              json: { pin },
            })
          ).body,
          PinEntryAnswer,
        )
      // On every connected lock before, and opening there.
      expect(
        await within(5_000, async () =>
          (await holdingStates(userId))
            .filter((h) => h.connected)
            .every((h) => h.state === 'on_lock'),
        ),
      ).toBe(true)
      expect((await typed(connected[0]?.device_id ?? 0)).granted).toBe(true)

      const offboarded = await server().request('POST', offboardPath(userId), { token })
      expect(offboarded.status).toBe(200)
      const report = shaped(offboarded.body, OffboardReport)
      expect(report.credentials_ended).toBe(20)
      expect(report.unreached_locks.map((lock) => lock.device_id).sort()).toEqual(
        locks
          .filter((lock) => !lock.connected)
          .map((lock) => lock.device_id)
          .sort(),
      )

      // Within 5 s every connected lock has let go, and each denies the PIN.
      const removedOnConnected = async () =>
        (await holdingStates(userId)).filter((h) => h.connected).every((h) => h.state === 'removed')
      expect(await within(5_000, removedOnConnected)).toBe(true)
      for (const lock of connected) expect((await typed(lock.device_id)).granted).toBe(false)
      const waiting = (await holdingStates(userId)).filter((h) => !h.connected)
      expect(waiting.length).toBeGreaterThan(0)
      expect(waiting.every((h) => h.state === 'removing')).toBe(true)

      // The 5 connect: they are removed too, and the report lists none.
      for (const lock of locks.filter((l) => !l.connected)) {
        const seen = await server().request('POST', `/sbm/v1/devices/${lock.device_id}/simulate`, {
          token,
          json: { event: 'connect' },
        })
        expect(seen.status).toBe(200)
      }
      expect(
        await within(5_000, async () =>
          (await holdingStates(userId)).every((h) => h.state === 'removed'),
        ),
      ).toBe(true)
      const later = await server().request('GET', offboardPath(userId), { token })
      expect(shaped(later.body, OffboardReport).unreached_locks).toEqual([])

      // "Who can open" names them nowhere: the location, and each lock.
      const places2 = [
        `location_id=${location}`,
        ...locks.map((lock) => `device_id=${lock.device_id}`),
      ]
      for (const place of places2) {
        const answer = shaped(
          (await server().request('GET', `/access/v1/access?${place}`, { token })).body,
          AccessAnswer,
        )
        expect(answer.people.map((p) => p.user_id)).not.toContain(userId)
      }

      // One offboarding entry, with its parts under the same request id.
      const journal = shaped(
        (await server().request('GET', '/org/v1/journal?length=500', { token })).body,
        listOf(JournalEntry),
      ).data
      const entries = journal.filter((row) => row.action === 'offboard' && row.target_id === userId)
      expect(entries).toHaveLength(1)
      const parts = journal.filter((row) => row.request_id === entries[0]?.request_id)
      expect(parts.filter((row) => row.target_type === 'credential')).toHaveLength(20)
      expect(parts.filter((row) => row.target_type === 'user')).toHaveLength(2)
    },
  )
})
