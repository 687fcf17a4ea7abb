import {
  opensAt,
  type AccessGrant,
  type AccessPerson,
  type AccessTargetType,
} from '../../src/contract/access'
import type { CredentialAssignmentType, Repetition } from '../../src/contract/credentials'
import type { JournalTargetType } from '../../src/contract/journal'
import type { Queryable, Row } from './database'

// "Who can open this?" at a moment (docs/journal.md, decision 052). The state at a moment is the
// state now with every journaled change after it undone: a field's value then is the `before` of
// its first change after the moment, or today's value when it has not changed since; an object
// whose first row after the moment is its create did not exist yet, and one deleted since comes
// back from its delete row, which carries every journaled field. The building's structure (which
// door is in which location) is taken as it is now: it cannot move while it holds a device or a
// credential (spaces.ts, locations.ts refuse), so the places that grant access stand still.

type Place = `${CredentialAssignmentType}:${number}`
const place = (type: string, id: unknown): Place =>
  `${type as CredentialAssignmentType}:${Number(id)}`

/** What the journal says changed after the moment, per object: its first action and its fields' values then. */
interface Rewind {
  firstAction: Map<number, string>
  before: Map<number, Row>
}

async function rewindOf(
  q: Queryable,
  type: JournalTargetType,
  at: Date,
  ids: readonly number[] | null,
): Promise<Rewind> {
  const rewind: Rewind = { firstAction: new Map(), before: new Map() }
  // Time order is id order (migration 013): the rows after the moment are an id range, found
  // along the time index; none (the answer for now) costs one index probe.
  const [first] = await q.query<{ journal_id: string | number }>(
    'select journal_id from journal where at > $1 order by at, journal_id limit 1',
    [at.toISOString()],
  )
  if (!first) return rewind
  const only = ids === null ? '' : 'and target_id = any($3::bigint[])'
  const params = ids === null ? [type, first.journal_id] : [type, first.journal_id, ids]
  const firsts = await q.query<{ target_id: string | number; action: string }>(
    `select distinct on (target_id) target_id, action from journal
     where journal_id >= $2 and target_type = $1 ${only} order by target_id, journal_id`,
    params,
  )
  if (firsts.length === 0) return rewind
  const fields = await q.query<{ target_id: string | number; key: string; before: unknown }>(
    `select distinct on (j.target_id, f.key) j.target_id, f.key, f.value->0 as before
     from journal j cross join lateral jsonb_each(j.changes) f
     where j.journal_id >= $2 and j.target_type = $1 ${only.replaceAll('target_id', 'j.target_id')}
     order by j.target_id, f.key, j.journal_id`,
    params,
  )
  for (const row of firsts) rewind.firstAction.set(Number(row.target_id), row.action)
  for (const row of fields) {
    const id = Number(row.target_id)
    const values = rewind.before.get(id) ?? {}
    values[row.key] = row.before
    rewind.before.set(id, values)
  }
  return rewind
}

/** The objects as they were: today's rows with the rewind applied; those that did not exist are left out. */
function asTheyWere(
  current: ReadonlyMap<number, Row>,
  rewind: Rewind,
  key: string,
): Map<number, Row> {
  const then = new Map<number, Row>()
  const ids = new Set([...current.keys(), ...rewind.firstAction.keys()])
  for (const id of ids) {
    const first = rewind.firstAction.get(id)
    const now = current.get(id)
    // Created after the moment, or gone without a journal row to bring it back.
    if (first === 'create' || (first === undefined && now === undefined)) continue
    if (now === undefined && first !== 'delete' && !rewind.before.has(id)) continue
    then.set(id, { ...now, ...rewind.before.get(id), [key]: id })
  }
  return then
}

const byId = (rows: Row[], key: string) => new Map(rows.map((row) => [Number(row[key]), row]))
const iso = (value: unknown) => new Date(value as string | Date).toISOString()
const text = (value: unknown) => (typeof value === 'string' ? value : '')

interface Target {
  type: AccessTargetType
  id: number
}

/** Where each device was mounted then, with that place's location (today's structure). */
async function devicesThen(q: Queryable, target: Target, at: Date) {
  const rewind = await rewindOf(q, 'device', at, null)
  const changed = [...rewind.firstAction.keys()]
  const here =
    target.type === 'door'
      ? `(assignment_type = 'door' and assignment_id = $1)`
      : target.type === 'location'
        ? 'location_id = $1'
        : 'device_id = $1'
  const current = await q.query(
    `select device_id, assignment_type, assignment_id, location_id from devices
     where ${here} or device_id = any($2::int[])`,
    [target.id, changed],
  )
  const then = asTheyWere(byId(current, 'device_id'), rewind, 'device_id')
  // A device that moved since: its location then is its place's, read from today's structure.
  const moved = [...then.values()].filter((d) => rewind.before.has(Number(d.device_id)))
  const locationOf = new Map<Place, number>()
  if (moved.length > 0) {
    const places = moved.map((d) => place(String(d.assignment_type), d.assignment_id))
    const ids = (type: string) =>
      places.filter((p) => p.startsWith(`${type}:`)).map((p) => Number(p.split(':')[1]))
    const rows = await q.query<{ t: string; id: number; location_id: number }>(
      `select 'floor' as t, floor_id as id, location_id from floors where floor_id = any($1::int[])
       union all select 'room', room_id, location_id from rooms where room_id = any($2::int[])
       union all select 'door', door_id, location_id from doors where door_id = any($3::int[])`,
      [ids('floor'), ids('room'), ids('door')],
    )
    for (const row of rows) locationOf.set(place(row.t, row.id), Number(row.location_id))
  }
  return [...then.values()].map((d) => {
    const type = String(d.assignment_type)
    const mount = place(type, d.assignment_id)
    const location =
      type === 'location'
        ? Number(d.assignment_id)
        : rewind.before.has(Number(d.device_id))
          ? (locationOf.get(mount) ?? null)
          : Number(d.location_id)
    return { deviceId: Number(d.device_id), mount, location }
  })
}

/** The places whose credentials open the target then; none when the target did not exist. */
async function grantingPlaces(q: Queryable, target: Target, at: Date): Promise<Set<Place>> {
  const devices = await devicesThen(q, target, at)
  if (target.type === 'device') {
    const device = devices.find((d) => d.deviceId === target.id)
    if (!device) return new Set()
    const places = new Set<Place>([place('device', target.id)])
    if (device.mount.startsWith('door:')) places.add(device.mount)
    if (device.location !== null) places.add(place('location', device.location))
    return places
  }
  if (target.type === 'door') {
    const [door] = await q.query<{ location_id: number }>(
      'select location_id from doors where door_id = $1',
      [target.id],
    )
    const places = new Set<Place>([place('door', target.id)])
    if (door) places.add(place('location', door.location_id))
    for (const d of devices)
      if (d.mount === place('door', target.id)) places.add(place('device', d.deviceId))
    return places
  }
  const doors = await q.query<{ door_id: number }>(
    'select door_id from doors where location_id = $1',
    [target.id],
  )
  const places = new Set<Place>([place('location', target.id)])
  for (const door of doors) places.add(place('door', door.door_id))
  for (const d of devices) if (d.location === target.id) places.add(place('device', d.deviceId))
  return places
}

/** Each grant's place by its name today (a place deleted since keeps '': the console shows its id). */
async function nameThePlaces(q: Queryable, grants: AccessGrant[]) {
  const ids = (type: CredentialAssignmentType) =>
    grants.filter((g) => g.via_type === type).map((g) => g.via_id)
  const rows = await q.query<{ t: string; id: number; name: string }>(
    `select 'device' as t, device_id as id, name from devices where device_id = any($1::int[])
     union all select 'door', door_id, name from doors where door_id = any($2::int[])
     union all select 'location', location_id, name from locations
       where location_id = any($3::int[])`,
    [ids('device'), ids('door'), ids('location')],
  )
  const names = new Map(rows.map((row) => [place(row.t, row.id), row.name]))
  for (const grant of grants) grant.via_name = names.get(place(grant.via_type, grant.via_id)) ?? ''
}

const credentialColumns = `credential_id, user_id, assignment_type, assignment_id, start_datetime,
  end_datetime, permanent, repetition`

/**
 * The people whose credentials open the target at `at`, as they were then (name, e-mail), each with
 * the credentials that do, in the schedule's `timeZone`. Read in one snapshot by the caller's
 * transaction; the target's existence and scope are the caller's to check.
 */
export async function whoCanOpen(
  q: Queryable,
  target: Target,
  at: Date,
  timeZone: string,
): Promise<AccessPerson[]> {
  const places = await grantingPlaces(q, target, at)
  if (places.size === 0) return []
  const rewind = await rewindOf(q, 'credential', at, null)
  const pairs = [...places].map((p) => p.split(':'))
  const current = await q.query(
    `select ${credentialColumns} from credentials
     where (assignment_type, assignment_id) in
       (select t, id from unnest($1::text[], $2::int[]) as p(t, id))
       or credential_id = any($3::int[])`,
    [pairs.map(([t]) => t), pairs.map(([, id]) => Number(id)), [...rewind.firstAction.keys()]],
  )
  const instant = at.getTime()
  const open = [
    ...asTheyWere(byId(current, 'credential_id'), rewind, 'credential_id').values(),
  ].filter(
    (c) =>
      places.has(place(String(c.assignment_type), c.assignment_id)) &&
      opensAt(
        {
          start_datetime: iso(c.start_datetime),
          end_datetime: c.end_datetime == null ? null : iso(c.end_datetime),
          permanent: c.permanent === true,
          repetition: (c.repetition ?? null) as Repetition | null,
        },
        instant,
        timeZone,
      ),
  )
  const userIds = [...new Set(open.map((c) => Number(c.user_id)))]
  if (userIds.length === 0) return []
  const users = await q.query(
    `select user_id, email, first_name, last_name, disabled from users where user_id = any($1::int[])`,
    [userIds],
  )
  const usersThen = asTheyWere(
    byId(users, 'user_id'),
    await rewindOf(q, 'user', at, userIds),
    'user_id',
  )
  const people = new Map<number, AccessPerson>()
  for (const c of open.sort((a, b) => Number(a.credential_id) - Number(b.credential_id))) {
    const user = usersThen.get(Number(c.user_id))
    if (!user || user.disabled === true) continue
    const grant: AccessGrant = {
      credential_id: Number(c.credential_id),
      via_type: c.assignment_type as CredentialAssignmentType,
      via_id: Number(c.assignment_id),
      via_name: '',
      start_datetime: iso(c.start_datetime),
      end_datetime: c.end_datetime == null ? null : iso(c.end_datetime),
      permanent: c.permanent === true,
      repetition: (c.repetition ?? null) as Repetition | null,
    }
    const person = people.get(Number(c.user_id))
    if (person) person.grants.push(grant)
    else
      people.set(Number(c.user_id), {
        user_id: Number(c.user_id),
        email: text(user.email),
        first_name: text(user.first_name),
        last_name: text(user.last_name),
        grants: [grant],
      })
  }
  await nameThePlaces(
    q,
    [...people.values()].flatMap((person) => person.grants),
  )
  return [...people.values()].sort(
    (a, b) => a.email.localeCompare(b.email) || a.user_id - b.user_id,
  )
}
