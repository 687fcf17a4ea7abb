import type { RuleTargetType } from '../../src/contract/access-model'
import type { Repetition } from '../../src/contract/credentials'
import type { PlaceGrant, UserAccessAnswer, UserPlace } from '../../src/contract/pin-entry'
import { modelNow, ruleVerdict, type NamedModel, type RuleRow } from '../access/evaluate'
import { modelAt } from '../access/model-at'
import { wallClock, type WallClock } from '../access/schedule'
import { writerIn } from '../access/written-in'
import { credentialTable, memberTable, rowsThen, zonesOf, type RewoundTable } from './access-at'
import type { Prepared, Queryable } from './database'

// "Where can they go?" (decision 067): every place a person's direct credentials name and every
// target of the rules that name their groups, with each grant's window, schedule and whether it
// opens at the moment asked about, now or at a past moment rebuilt from the journal like "who can
// open": the person, their credentials and memberships rewound in SQL, the rules, schedules,
// calendars and groups in JavaScript (server/access/model-at.ts).

interface CredentialRow {
  credential_id: number
  assignment_type: RuleTargetType
  assignment_id: number
  start_datetime: string
  end_datetime: string | null
  permanent: boolean
  repetition: Repetition | null
}

interface MembershipRow {
  member_id: number
  group_id: number
  valid_from: string | null
  valid_until: string | null
}

interface PersonRow {
  disabled: boolean
  credentials: CredentialRow[]
  memberships: MembershipRow[]
}

// The person's credentials and memberships ($1) then ($2): today's, with the rewind's.
const theirs = (t: RewoundTable): RewoundTable => ({
  ...t,
  driver: '(select $1::int as user_id) u',
  match: 't.user_id = u.user_id',
  placing: ['user_id'],
  movedHere: (then) => `${then('user_id')}::int = $1`,
})

const personAt = (past: boolean) => `
with
  ${rowsThen(theirs(credentialTable), past, '$2')}
  ${rowsThen(theirs(memberTable), past, '$2')}
  uthen as (${
    past
      ? `select case when r.before ? 'disabled' then (r.before->>'disabled')::boolean
                else u.disabled end as disabled
         from users u left join (select * from journal_rewind('user', $2)
                                 where target_id = $1) r on true
         where u.user_id = $1`
      : 'select disabled from users where user_id = $1'
  })
select coalesce((select disabled from uthen), false) as disabled,
  (select coalesce(json_agg(c order by credential_id), '[]') from cthen c
   where user_id = $1) as credentials,
  (select coalesce(json_agg(m order by group_id), '[]')
   from (select member_id, group_id, valid_from, valid_until from mthen
         where user_id = $1) m) as memberships`

const PERSON: Record<'now' | 'then', Prepared> = {
  now: { name: 'user_access_person_now', text: personAt(false) },
  then: { name: 'user_access_person_then', text: personAt(true) },
}

interface PlaceRow {
  t: RuleTargetType
  id: number
  name: string
  location_id: number | null
  location_name: string
  zone: string
}

// The places ($1, $2) with their names and buildings today and their zones at the moment ($3) in
// organization $5, and which of the credentials ($4) open then on their place's wall clock.
const placesAt = (past: boolean) => `
with
  places as (select t, id from unnest($1::text[], $2::int[]) as p(t, id)),
  located as materialized (
    select p.t, p.id, x.name, x.location_id from places p
      left join lateral (
        select name, location_id from locations where p.t = 'location' and location_id = p.id
        union all select name, location_id from floors where p.t = 'floor' and floor_id = p.id
        union all select name, location_id from rooms where p.t = 'room' and room_id = p.id
        union all select name, location_id from doors where p.t = 'door' and door_id = p.id
        union all select name, location_id from devices where p.t = 'device' and device_id = p.id
      ) x on true),
  zones as materialized (${zonesOf('$5', '$3', past)}),
  info as (
    select x.t, x.id, coalesce(x.name, '') as name, x.location_id,
      coalesce(l.name, '') as location_name,
      coalesce((select zone from zones z where z.location_id = x.location_id),
               (select zone from zones z where z.location_id is null)) as zone
    from located x left join locations l on l.location_id = x.location_id)
select (select coalesce(json_agg(info), '[]') from info) as places,
  (select coalesce(json_agg(c.credential_id), '[]')
   from jsonb_to_recordset($4::jsonb) as c(credential_id int, assignment_type text,
     assignment_id int, start_datetime timestamptz, end_datetime timestamptz, permanent boolean,
     repetition jsonb)
     join info i on i.t = c.assignment_type and i.id = c.assignment_id
   where opens_at(c.start_datetime, c.end_datetime, c.permanent,
                  nullif(c.repetition, 'null'::jsonb), $3, i.zone)) as open_credentials`

const PLACES: Record<'now' | 'then', Prepared> = {
  now: { name: 'user_access_places_now', text: placesAt(false) },
  then: { name: 'user_access_places_then', text: placesAt(true) },
}

// Places in a building's order: the building, then its floors, rooms, doors and devices.
const typeOrder: readonly RuleTargetType[] = ['location', 'floor', 'room', 'door', 'device']

function byPlace(a: UserPlace, b: UserPlace) {
  return (
    a.location_name.localeCompare(b.location_name) ||
    (a.location_id ?? 0) - (b.location_id ?? 0) ||
    typeOrder.indexOf(a.type) - typeOrder.indexOf(b.type) ||
    a.name.localeCompare(b.name) ||
    a.id - b.id
  )
}

/** A zone's wall clock at the moment and its writer, made once per answer (Luxon is not cheap). */
interface OnClock {
  clock: WallClock
  write: (value: string | Date) => string
}

/** The rule's grant to a member, with whether it opens at `at` on the place's clock. */
function ruleGrant(
  rule: RuleRow,
  model: NamedModel,
  membership: MembershipRow,
  at: Date,
  place: OnClock,
  disabled: boolean,
): PlaceGrant {
  const schedule = rule.schedule_id === null ? undefined : model.schedules.get(rule.schedule_id)
  const verdict = ruleVerdict(rule, model, membership, at, place.clock)
  const write = (value: string | Date | null) => (value === null ? null : place.write(value))
  return {
    kind: 'rule',
    rule_id: rule.rule_id,
    rule_name: rule.name,
    group_id: membership.group_id,
    group_name: model.groups.get(membership.group_id) ?? '',
    member_since: write(membership.valid_from),
    member_until: write(membership.valid_until),
    schedule_id: rule.schedule_id,
    schedule_name: schedule?.name ?? null,
    intervals: rule.schedule_id === null ? null : (schedule?.intervals ?? []),
    exception: 'exception' in verdict ? (verdict.exception ?? null) : null,
    valid_from: write(rule.valid_from),
    valid_until: write(rule.valid_until),
    open_now: !disabled && verdict.opens,
  }
}

/**
 * Where the person `userId` of organization `organizationId` may go and when, at `at` (rewound
 * when `past`). Read in the caller's snapshot; the person's existence and scope are the caller's.
 */
export async function whereCanTheyGo(
  q: Queryable,
  userId: number,
  organizationId: number,
  at: Date,
  past: boolean,
): Promise<UserAccessAnswer> {
  const [person] = past
    ? await q.query<PersonRow>(PERSON.then, [userId, at.toISOString()])
    : await q.query<PersonRow>(PERSON.now, [userId])
  const disabled = person?.disabled ?? false
  const credentials = person?.credentials ?? []
  const memberships = person?.memberships ?? []
  const groupIds = memberships.map((m) => m.group_id)
  const model = past
    ? await modelAt(q, organizationId, at)
    : await modelNow(q, organizationId, { groupIds })
  const mine = new Set(groupIds)
  const rules = model.rules.filter((rule) => rule.group_ids.some((g) => mine.has(g)))
  const keys = new Set<string>([
    ...credentials.map((c) => `${c.assignment_type}:${c.assignment_id}`),
    ...rules.flatMap((rule) => rule.targets),
  ])
  const pairs = [...keys].map((key) => key.split(':'))
  const [found] = await q.query<{ places: PlaceRow[]; open_credentials: number[] }>(
    past ? PLACES.then : PLACES.now,
    [
      pairs.map(([t]) => t),
      pairs.map(([, id]) => Number(id)),
      at.toISOString(),
      JSON.stringify(credentials),
      organizationId,
    ],
  )
  const opens = new Set(found?.open_credentials ?? [])
  const clocks = new Map<string, OnClock>()
  const onClock = (zone: string): OnClock => {
    let known = clocks.get(zone)
    if (!known) {
      known = { clock: wallClock(at, zone), write: writerIn(zone) }
      clocks.set(zone, known)
    }
    return known
  }
  const places = new Map<string, UserPlace>()
  for (const row of found?.places ?? [])
    places.set(`${row.t}:${row.id}`, {
      type: row.t,
      id: row.id,
      name: row.name,
      location_id: row.location_id,
      location_name: row.location_name,
      time_zone: row.zone,
      grants: [],
    })
  for (const c of credentials) {
    const place = places.get(`${c.assignment_type}:${c.assignment_id}`)
    if (!place) continue
    const { write } = onClock(place.time_zone)
    place.grants.push({
      kind: 'credential',
      credential_id: c.credential_id,
      repetition: c.repetition,
      valid_from: write(c.start_datetime),
      valid_until: c.permanent || c.end_datetime === null ? null : write(c.end_datetime),
      open_now: !disabled && opens.has(c.credential_id),
    })
  }
  for (const rule of rules)
    for (const target of rule.targets) {
      const place = places.get(target)
      if (!place) continue
      for (const membership of memberships)
        if (rule.group_ids.includes(membership.group_id))
          place.grants.push(
            ruleGrant(rule, model, membership, at, onClock(place.time_zone), disabled),
          )
    }
  return {
    user_id: userId,
    at: at.toISOString(),
    disabled,
    places: [...places.values()].filter((p) => p.grants.length > 0).sort(byPlace),
  }
}
