import fc from 'fast-check'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { DEVICE_MODES_BASE, DOORS_PATH, DoorOverride } from '../../src/contract/door-modes'
import { useModelServer } from './access-model-writes'
import { ADMIN, shaped } from './helpers'

// The mode the job leaves a lock in equals a brute force of the layers (decision 069), on both
// databases: random schedules, overrides set and ended, lockdowns started and released, clock steps
// across the daylight-saving changes of Europe/Berlin and America/New_York. The brute force is
// written apart from server/door-modes: Luxon's wall clock of each moment, the layers by hand.
// The mode is a door's (its lock follows it) or a lock's with no door, its own (decision 072).

const { server, db, clock, model } = useModelServer({ lockdownPollMs: 60_000 })
const RUNS = Number(process.env.DOOR_MODES_PROPERTY_RUNS ?? 8)

interface Start {
  zone: string
  at: string
}
// The evening before each change, so the steps cross it.
const starts: Start[] = [
  { zone: 'Europe/Berlin', at: '2027-03-27T18:00:00Z' },
  { zone: 'Europe/Berlin', at: '2027-10-30T18:00:00Z' },
  { zone: 'America/New_York', at: '2027-03-13T22:00:00Z' },
  { zone: 'America/New_York', at: '2027-11-06T22:00:00Z' },
]
const hours = [
  { start: '07:00', end: '18:00' },
  { start: '02:30', end: '07:00' },
  { start: '01:15', end: '02:45' },
  { start: '00:00', end: '03:00' },
] as const

type Action =
  | { kind: 'wait' }
  | { kind: 'override'; mode: 'locked' | 'unlocked'; minutes: number }
  | { kind: 'end' }
  | { kind: 'lockdown' }
  | { kind: 'release' }
interface Step {
  minutes: number
  action: Action
}
const step: fc.Arbitrary<Step> = fc.record({
  minutes: fc.integer({ min: 1, max: 720 }),
  action: fc.oneof(
    { weight: 2, arbitrary: fc.constant<Action>({ kind: 'wait' }) },
    {
      weight: 3,
      arbitrary: fc.record({
        kind: fc.constant('override' as const),
        mode: fc.constantFrom('locked' as const, 'unlocked' as const),
        minutes: fc.integer({ min: 1, max: 3000 }),
      }),
    },
    { weight: 1, arbitrary: fc.constant<Action>({ kind: 'end' }) },
    { weight: 1, arbitrary: fc.constant<Action>({ kind: 'lockdown' }) },
    { weight: 1, arbitrary: fc.constant<Action>({ kind: 'release' }) },
  ),
})

interface Overriding {
  mode: 'locked' | 'unlocked'
  from: number
  until: number
}

/** The layers by hand: lockdown, the override set last of those in force, the hours, locked. */
function bruteForce(
  at: Date,
  zone: string,
  interval: { start: string; end: string },
  overrides: readonly Overriding[],
  lockedDown: boolean,
): 'locked' | 'unlocked' {
  if (lockedDown) return 'locked'
  const t = at.getTime()
  const active = overrides.filter((o) => o.from <= t && t < o.until)
  const last = active.reduce<Overriding | null>((a, o) => (a && a.from > o.from ? a : o), null)
  if (last) return last.mode
  const wall = DateTime.fromJSDate(at, { zone })
  const minute = wall.hour * 60 + wall.minute
  const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))
  return minute >= toMinutes(interval.start) && minute < toMinutes(interval.end)
    ? 'unlocked'
    : 'locked'
}

let made = 0

describe('the door mode job against a brute force of the layers', () => {
  it('leaves every lock in the mode its layers say, at every step', async () => {
    const token = await server().login(ADMIN)
    const [room] = await db().query<{
      room_id: number
      floor_id: number
      location_id: number
      organization_id: number
    }>(
      `select r.room_id, r.floor_id, r.location_id, r.organization_id from rooms r
       join organizations o using (organization_id) where o.name = 'Acme'
       order by r.room_id limit 1`,
    )
    if (!room) throw new Error('no Acme room')
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...starts),
        fc.constantFrom(...hours),
        fc.array(step, { minLength: 2, maxLength: 6 }),
        fc.constantFrom('door' as const, 'device' as const),
        async (start, interval, steps, owner) => {
          made += 1
          await db().query(`update locations set time_zone = $2 where location_id = $1`, [
            room.location_id,
            start.zone,
          ])
          const [door] = await db().query<{ door_id: number }>(
            `insert into doors (room_id, floor_id, location_id, organization_id, name)
             values ($1, $2, $3, $4, $5) returning door_id`,
            [room.room_id, room.floor_id, room.location_id, room.organization_id, `P${made}`],
          )
          const [device] = await db().query<{ device_id: number }>(
            `insert into devices (organization_id, name, device_type_id, manufacturer_id,
               device_id_manufacturer, capabilities, connected, lock_state, assignment_type,
               assignment_id, location_id)
             select $1, $2, 'lock', min(manufacturer_id), $3,
               '{remotely_lock,remotely_unlock}', true, 'locked', $4, $5, $6
             from manufacturers returning device_id`,
            [
              room.organization_id,
              `Lock P${made}`,
              `SN-PROP-${made}`,
              owner === 'door' ? 'door' : 'room',
              owner === 'door' ? door?.door_id : room.room_id,
              room.location_id,
            ],
          )
          if (!door || !device) throw new Error('no door')
          // The door's mode routes, or the lock's own when it hangs on no door.
          const base =
            owner === 'door'
              ? `${DOORS_PATH}/${door.door_id}`
              : `${DEVICE_MODES_BASE}/${device.device_id}`
          const schedule = await model.schedule(room.organization_id, `Property ${made}`, [
            { days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'], ...interval },
          ])
          clock().set(new Date(start.at))
          const put = await server().request('PUT', `${base}/mode`, {
            token,
            json: { schedule_id: schedule.schedule_id },
          })
          expect(put.status).toBe(200)
          const overrides: Overriding[] = []
          let lockdown: number | null = null
          let t = new Date(start.at).getTime()
          try {
            for (const { minutes, action } of steps) {
              t += minutes * 60_000
              clock().set(new Date(t))
              if (action.kind === 'override') {
                const until = new Date(t + action.minutes * 60_000).toISOString()
                const reply = await server().request('POST', `${base}/override`, {
                  token,
                  json: { mode: action.mode, until, reason: 'property' },
                })
                if (lockdown !== null && action.mode === 'unlocked') {
                  expect(reply.status).toBe(409)
                } else {
                  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
                  const set = shaped(reply.body, DoorOverride)
                  overrides.push({
                    mode: set.mode,
                    from: Date.parse(set.from_at),
                    until: Date.parse(set.until ?? until),
                  })
                }
              } else if (action.kind === 'end') {
                const now = clock().now().getTime()
                const reply = await server().request('DELETE', `${base}/override`, { token })
                const active = overrides.filter((o) => o.from <= now && now < o.until)
                expect(reply.status).toBe(active.length > 0 ? 204 : 404)
                for (const o of active) o.until = now
              } else if (action.kind === 'lockdown' && lockdown === null) {
                const [row] = await db().query<{ lockdown_id: number }>(
                  `insert into lockdowns (organization_id, scope_type, scope_id, scope_name,
                     reason, started_by, started_by_email)
                   values ($1, 'location', $2, 'Property', 'property', 1, 'admin@demo.local')
                   returning lockdown_id`,
                  [room.organization_id, room.location_id],
                )
                lockdown = row?.lockdown_id ?? null
                // What the lockdown's own job does to the lock.
                await db().query(`update devices set lock_state = 'locked' where device_id = $1`, [
                  device.device_id,
                ])
              } else if (action.kind === 'release' && lockdown !== null) {
                await db().query(
                  `update lockdowns set released_at = now(), request_by = 2, released_by = 1,
                     released_by_email = 'admin@demo.local' where lockdown_id = $1`,
                  [lockdown],
                )
                lockdown = null
              }
              await server().running.handle.services.doorModeJob.tick()
              const [state] = await db().query<{ lock_state: string }>(
                'select lock_state from devices where device_id = $1',
                [device.device_id],
              )
              const expected = bruteForce(
                clock().now(),
                start.zone,
                interval,
                overrides,
                lockdown !== null,
              )
              expect(
                state?.lock_state,
                `${owner} ${start.zone} ${interval.start}–${interval.end} at ${clock().now().toISOString()}`,
              ).toBe(expected)
            }
          } finally {
            if (lockdown !== null)
              await db().query(
                `update lockdowns set released_at = now(), request_by = 2, released_by = 1,
                   released_by_email = 'admin@demo.local' where lockdown_id = $1`,
                [lockdown],
              )
            await db().query('delete from door_modes where door_id = $1 or device_id = $2', [
              door.door_id,
              device.device_id,
            ])
            await db().query('delete from door_overrides where door_id = $1 or device_id = $2', [
              door.door_id,
              device.device_id,
            ])
          }
        },
      ),
      { numRuns: RUNS },
    )
  }, 120_000)
})
