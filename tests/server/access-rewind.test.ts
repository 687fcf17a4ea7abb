import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { placeAt, targetNow, whoCanOpen } from '../../server/db/access-at'
import type { Queryable } from '../../server/db/database'
import { useServer } from './helpers'

// A past moment is rewound from the entries migration 018 writes with every journal row
// (journal_before), no longer by grouping every journal row since (migration 016's scan). The
// property: on a randomized journal — creates, updates and deletes of credentials, users and
// devices, written in batches of every size, at times out of order and tied — the rewind at many
// moments, and the whole answer for a door, a location and a device, are those of the scan. On
// PGlite and, via with-postgres.sh, PostgreSQL.

const server = useServer()
const db = () => server().running.handle.services.db
const DAY = 86_400_000

/** Migration 016's journal_rewind, created as journal_rewind_scan: the reference. */
const scan = (() => {
  const sql = readFileSync(
    join(import.meta.dirname, '../../server/db/migrations/016-access-in-sql.sql'),
    'utf8',
  )
  const start = sql.indexOf('create function journal_rewind(')
  const end = sql.indexOf('$$;', start) + 3
  return sql
    .slice(start, end)
    .replace('create function journal_rewind(', 'create or replace function journal_rewind_scan(')
})()

/** Inside a transaction rolled back afterwards: the rewind read from the scan instead. */
const FROM_SCAN = `
create or replace function journal_then(kind text, since timestamptz)
returns table (target_id bigint, field text, value jsonb)
language sql stable as $$
  select s.target_id, null, to_jsonb(s.first_action) from journal_rewind_scan(kind, since) s
  where s.first_action in ('create', 'delete')
  union all
  select s.target_id, e.key, e.value
  from journal_rewind_scan(kind, since) s cross join lateral jsonb_each(s.before) e
$$;
create or replace function journal_rewind(kind text, since timestamptz)
returns table (target_id bigint, first_action text, before jsonb)
language sql stable as $$ select * from journal_rewind_scan(kind, since) $$;`

/** A small deterministic generator (mulberry32), so a failure replays. */
function random(seed: number) {
  let a = seed
  const next = () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]
  return { next, int, pick }
}

interface Place {
  t: string
  id: number
}

interface World {
  now: number
  users: number[]
  credentials: number[]
  devices: number[]
  places: Place[]
  door: number
  location: number
  device: number
}

class Rollback extends Error {}

/** Runs `work` in a transaction that is rolled back, with the rewind read from the scan. */
async function withScan<T>(work: (q: Queryable) => Promise<T>): Promise<T> {
  let result: T | undefined
  await db()
    .tx(async (q) => {
      await q.query(FROM_SCAN)
      await q.query('set local plan_cache_mode = force_custom_plan')
      result = await work(q)
      throw new Rollback()
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error
    })
  return result as T
}

async function world(): Promise<World> {
  const [door] = await db().query<{
    door_id: number
    location_id: number
    organization_id: number
  }>('select door_id, location_id, organization_id from doors order by door_id limit 1')
  if (!door) throw new Error('no door seeded')
  const [other] = await db().query<{ door_id: number }>(
    'select door_id from doors where door_id <> $1 order by door_id limit 1',
    [door.door_id],
  )
  const users = (
    await db().query<{ user_id: number }>(
      'select user_id from users where organization_id = $1 order by user_id',
      [door.organization_id],
    )
  ).map((u) => Number(u.user_id))
  const [device] = await db().query<{ device_id: number }>(
    `update devices set assignment_type = 'door', assignment_id = $1, location_id = $2
     where device_id = (select min(device_id) from devices where organization_id = $3)
     returning device_id`,
    [door.door_id, door.location_id, door.organization_id],
  )
  if (!device || !other) throw new Error('no device or second door seeded')
  const places: Place[] = [
    { t: 'door', id: door.door_id },
    { t: 'location', id: door.location_id },
    { t: 'device', id: device.device_id },
    { t: 'door', id: other.door_id },
  ]
  const rnd = random(7)
  const credentials: number[] = []
  for (let i = 0; i < 30; i++) {
    const p = rnd.pick(places)
    const [row] = await db().query<{ credential_id: number }>(
      `insert into credentials (organization_id, user_id, assignment_type, assignment_id,
         start_datetime, end_datetime, permanent)
       values ($1, $2, $3, $4, now() - interval '30 days', now() + interval '30 days', false)
       returning credential_id`,
      [door.organization_id, rnd.pick(users), p.t, p.id],
    )
    credentials.push(Number(row?.credential_id))
  }
  const devices = (await db().query<{ device_id: number }>('select device_id from devices')).map(
    (d) => Number(d.device_id),
  )
  return {
    now: Date.now(),
    users,
    credentials,
    devices,
    places,
    door: door.door_id,
    location: door.location_id,
    device: device.device_id,
  }
}

interface Written {
  at: string
  action: string
  target_type: string
  target_id: number
  changes: Record<string, [unknown, unknown]>
}

/** One random journal row about a credential, user or device (ids beyond today's come back). */
function row(rnd: ReturnType<typeof random>, w: World, at: number): Written {
  const iso = (offset: number) => new Date(w.now + offset).toISOString()
  const action = rnd.pick(['update', 'update', 'update', 'create', 'delete', 'disable'])
  const kind = rnd.pick(['credential', 'credential', 'credential', 'user', 'device'])
  const changes: Record<string, [unknown, unknown]> = {}
  const maybe = () => rnd.next() < 0.4 || action === 'create' || action === 'delete'
  if (kind === 'credential') {
    const p = rnd.pick(w.places)
    if (maybe()) changes.user_id = [rnd.pick(w.users), rnd.pick(w.users)]
    if (maybe()) {
      changes.assignment_type = [p.t, 'door']
      changes.assignment_id = [p.id, w.door]
    }
    if (maybe()) changes.start_datetime = [iso(-rnd.int(40) * DAY), iso(0)]
    if (maybe())
      changes.end_datetime = [rnd.next() < 0.2 ? null : iso((rnd.int(60) - 20) * DAY), null]
    if (maybe()) changes.permanent = [rnd.next() < 0.2, false]
    if (maybe())
      changes.repetition = [
        rnd.pick([null, { type: 'daily' }, { type: 'weekly', weekdays: ['mon', 'sat'] }]),
        null,
      ]
    const id =
      rnd.next() < 0.9 ? rnd.pick(w.credentials) : Math.max(...w.credentials) + 1 + rnd.int(5)
    return { at: new Date(at).toISOString(), action, target_type: kind, target_id: id, changes }
  }
  if (kind === 'user') {
    if (maybe()) changes.email = [`then${rnd.int(100)}@past.test`, 'x']
    if (maybe()) changes.first_name = [`Then${rnd.int(100)}`, 'x']
    if (maybe()) changes.disabled = [rnd.next() < 0.3, false]
    const id = rnd.next() < 0.9 ? rnd.pick(w.users) : Math.max(...w.users) + 1 + rnd.int(3)
    return { at: new Date(at).toISOString(), action, target_type: kind, target_id: id, changes }
  }
  if (maybe()) {
    const p = rnd.pick(w.places.filter((x) => x.t !== 'device'))
    changes.assignment_type = [p.t, 'door']
    changes.assignment_id = [p.id, w.door]
  }
  if (maybe()) changes.name = [`Device ${rnd.int(100)}`, 'x']
  return {
    at: new Date(at).toISOString(),
    action,
    target_type: kind,
    target_id: rnd.pick(w.devices),
    changes,
  }
}

/** Appends rows as one statement, at their own (backdated, out of order) times. */
async function append(rows: Written[]) {
  await db().tx(async (q) => {
    await q.query('alter table journal disable trigger journal_chain')
    await q.query(
      `insert into journal (journal_id, at, action, target_type, target_id, changes,
         prev_hash, hash)
       select h.journal_id + r.n, r.at, r.action, r.target_type, r.target_id, r.changes,
         repeat('0', 64), repeat('0', 64)
       from journal_head h, jsonb_to_recordset($1::jsonb)
         as r(n int, at timestamptz, action text, target_type text, target_id bigint, changes jsonb)`,
      [JSON.stringify(rows.map((r, i) => ({ ...r, n: i + 1 })))],
    )
    await q.query('alter table journal enable trigger journal_chain')
    await q.query('update journal_head set journal_id = (select max(journal_id) from journal)')
  })
}

type RewindRow = { target_id: string; first_action: string | null; before: unknown }

/** The scan's rows as the entries answer them: only a create or delete is a first action that counts. */
const normalized = (rows: RewindRow[]) =>
  rows
    .map((r) => ({
      target_id: Number(r.target_id),
      first_action:
        r.first_action === 'create' || r.first_action === 'delete' ? r.first_action : null,
      before: r.before,
    }))
    .filter((r) => r.first_action !== null || r.before !== null)
    .sort((a, b) => a.target_id - b.target_id)

describe('the rewind from the journal entries', () => {
  it('equals the scan of every journal row since, at any moment, for the rewind and the answer', async () => {
    await db().query(scan)
    const w = await world()
    const rnd = random(47)
    const times: number[] = []
    for (const size of [1, 40, 1, 2, 60, 1, 25, 80, 1, 3]) {
      const rows: Written[] = []
      for (let i = 0; i < size; i++) {
        const previous = times.at(-1)
        const at =
          previous !== undefined && rnd.next() < 0.15
            ? previous
            : w.now - rnd.int(10 * DAY) - rnd.int(1000)
        times.push(at)
        rows.push(row(rnd, w, at))
      }
      await append(rows)
    }
    const moments = [Math.min(...times) - 1, Math.max(...times) + 1]
    for (let i = 0; i < 50; i++) {
      const t = rnd.pick(times)
      moments.push(rnd.pick([t, t - 1, t + 1, w.now - rnd.int(11 * DAY)]))
    }
    const rewind = `select target_id, first_action, before from %s($1, $2)`
    let compared = 0
    const counts = new Set<number>()
    for (const moment of moments) {
      const at = new Date(moment)
      for (const kind of ['credential', 'user', 'device']) {
        const params = [kind, at.toISOString()]
        const entries = await db().query<RewindRow>(rewind.replace('%s', 'journal_rewind'), params)
        const scanned = await db().query<RewindRow>(
          rewind.replace('%s', 'journal_rewind_scan'),
          params,
        )
        expect(normalized(entries), `${kind} at ${at.toISOString()}`).toEqual(normalized(scanned))
        compared += scanned.length
      }
      for (const target of [
        { type: 'door', id: w.door },
        { type: 'location', id: w.location },
        { type: 'device', id: w.device },
      ] as const) {
        const page = { start: 0, length: 500, grants: 5 }
        const answer = async (q: Queryable) => {
          const row = await targetNow(q, target)
          if (!row) throw new Error(`no ${target.type} ${target.id}`)
          const place = await placeAt(q, target, row, at, true)
          return whoCanOpen(q, place, at, page, true, 'Europe/Berlin')
        }
        const now = await db().tx(answer)
        const then = await withScan(answer)
        expect(now, `${target.type} at ${at.toISOString()}`).toEqual(then)
        counts.add(now.people_count)
      }
    }
    // The history is not trivial: the moments rewound objects.
    expect(compared).toBeGreaterThan(500)
    expect(counts.size).toBeGreaterThan(2)
    // 52 moments, each rewound and answered twice: 11 s alone, over 30 s beside the other files
    // on the shared 2-core host.
  }, 120_000)

  it('refuses to rewind over rows written without their entries, until the next write adds them', async () => {
    await db().query(scan)
    const w = await world()
    const rnd = random(57)
    const rows = Array.from({ length: 30 }, () => row(rnd, w, w.now - rnd.int(5 * DAY)))
    // As a superuser's bulk load could: the entries' trigger off.
    await db().query('alter table journal disable trigger journal_before_insert')
    try {
      await append(rows)
    } finally {
      await db().query('alter table journal enable trigger journal_before_insert')
    }
    const at = new Date(w.now - 6 * DAY).toISOString()
    const rewind = `select target_id, first_action, before from %s($1, $2)`
    // In a transaction, as every read of the server's: on PGlite, an error outside one
    // (parameters, no transaction) closes the node-postgres adapter's connection.
    await expect(
      db().tx((q) => q.query(rewind.replace('%s', 'journal_rewind'), ['credential', at])),
    ).rejects.toThrow(/no journal_before entries/)
    // The next journal write's trigger writes every missing entry, then its own.
    await append([row(rnd, w, w.now - DAY)])
    for (const kind of ['credential', 'user', 'device']) {
      const entries = await db().query<RewindRow>(rewind.replace('%s', 'journal_rewind'), [
        kind,
        at,
      ])
      const scanned = await db().query<RewindRow>(rewind.replace('%s', 'journal_rewind_scan'), [
        kind,
        at,
      ])
      expect(normalized(entries), kind).toEqual(normalized(scanned))
    }
  })
})
