/**
 * "Who can open this?" and "where can they go?" (GET /access/v1/access, issues 47 and 64; GET
 * /access/v1/users/{id}/access), through HTTP against the real server, p50 and p95 of the answer
 * time, on embedded PGlite and then PostgreSQL:
 *
 * - credentials: a door with 10,000 credentials on it and 100,000 journal rows about them spread
 *   over the past year, asked now, a month back and a year back (≤ 50 ms p95 now, ≤ 200 ms back);
 * - rules: the site of real size (bench/helpers/seed-site.ts: 10,000 users, 1,000 doors, 200
 *   groups with 20,000 memberships, 500 rules, 50 schedules, 5 calendars) with 50,000 journal rows
 *   about its memberships, rules and schedules over the year; who can open one of its doors now (≤
 *   50 ms) and a year back (≤ 200 ms), where one of its people can go now (≤ 50 ms) and a year
 *   back.
 *
 * The journal rows are written with the chain trigger off and backdated (the trigger stamps every
 * row "now"); their hashes are not a chain, which this bench does not read. Each changes a real
 * field (a credential's end, a membership's start, a rule's schedule, a schedule's hours), the
 * last change ending at today's value, so a moment back rewinds real values. The machine's load
 * and a static page's requests a second (the control) are printed with the figures.
 *
 * Run: npm run bench:access (embedded PGlite; then PostgreSQL when scripts/with-postgres.sh can
 * start a throwaway cluster).
 */
import { existsSync } from 'node:fs'
import { performance } from 'node:perf_hooks'
import autocannon from 'autocannon'
import type { Queryable } from '../server/db/database'
import { startServer } from '../server/main'
import { apiToken } from './helpers/api-token'
import { againOnPostgres } from './helpers/again-on-postgres'
import { machineLine } from './helpers/machine'
import { seedSite } from './helpers/seed-site'

const CREDENTIALS = Number(process.env.BENCH_CREDENTIALS ?? 10_000)
const ROWS = Number(process.env.BENCH_JOURNAL_ROWS ?? 100_000)
const MODEL_ROWS = Number(process.env.BENCH_MODEL_ROWS ?? 50_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40)
const DAY = 86_400_000
const POSTGRES_ONLY = process.argv.includes('--postgres')
const BUILT = existsSync('dist/index.html')

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN

/**
 * Inserts `rows` journal rows made by `select` (its columns: at, organization_id, action,
 * target_type, target_id, target_name, changes; `k` numbers them from 1) after the journal's
 * head, with the chain trigger off; the entries' trigger writes their rewind entries.
 */
async function backdated(q: Queryable, select: string, params: unknown[]) {
  await q.query('alter table journal disable trigger journal_chain')
  await q.query(
    `with h as (select journal_id as head from journal_head)
     insert into journal (journal_id, at, actor_id, actor_email, organization_id, action,
       target_type, target_id, target_name, changes, prev_hash, hash)
     select h.head + x.k, x.at, 1, 'admin@demo.local', x.organization_id, x.action, x.target_type,
            x.target_id, x.target_name, x.changes, repeat('0', 64), repeat('0', 64)
     from (${select}) x cross join h`,
    params,
  )
  await q.query('alter table journal enable trigger journal_chain')
  await q.query(
    `update journal_head set journal_id = (select max(journal_id) from journal), at = now()`,
  )
}

/** 10,000 credentials on a demo door and 100,000 rows about their ends over the year. */
async function seedCredentials(q: Queryable) {
  const [door] = await q.query<{ door_id: number; organization_id: number }>(
    'select door_id, organization_id from doors order by door_id limit 1',
  )
  const users = await q.query<{ user_id: number }>(
    'select user_id from users where organization_id = $1 and user_id < 1000000 order by user_id',
    [door?.organization_id],
  )
  if (!door || users.length === 0) throw new Error('no door or users seeded')
  await q.query(
    `insert into credentials (organization_id, user_id, assignment_type, assignment_id,
       start_datetime, end_datetime, permanent)
     select $1, (array[${users.map((u) => u.user_id).join(',')}])[1 + i % ${users.length}],
            'door', $2, now() - interval '400 days', now() + (i % 90 + 1) * interval '1 day', false
     from generate_series(1, $3) i`,
    [door.organization_id, door.door_id, CREDENTIALS],
  )
  // Row k is about the (k mod n)-th credential, a year ago + k/ROWS of the year; it moves the
  // credential's end by a day.
  await backdated(
    q,
    `with c as (select array_agg(credential_id order by credential_id) as ids
                from credentials where assignment_type = 'door' and assignment_id = $1)
     select k, now() - interval '365 days' + (k::float / $2) * interval '365 days' as at,
            $3::int as organization_id, 'update' as action, 'credential' as target_type,
            c.ids[1 + k % cardinality(c.ids)] as target_id, 'bench' as target_name,
            jsonb_build_object('end_datetime', jsonb_build_array(
              to_jsonb(now() + (k % 90) * interval '1 day'),
              to_jsonb(now() + (k % 90 + 1) * interval '1 day'))) as changes
     from generate_series(1, $2) k cross join c`,
    [door.door_id, ROWS, door.organization_id],
  )
  return door.door_id
}

/**
 * The site's model over the past year: 90 in 100 rows move a membership's start (from 400 days
 * ago to today's), 8 a rule's schedule (from another of its organization's), 2 a schedule's hours
 * (from 08:00–18:00 on weekdays).
 */
async function seedModelHistory(q: Queryable) {
  await backdated(
    q,
    `with m as (select array_agg(member_id order by member_id) as ids from group_members),
       r as (select array_agg(rule_id order by rule_id) as ids from access_rules
             where schedule_id is not null),
       s as (select array_agg(schedule_id order by schedule_id) as ids from schedules),
       pick as (
         select k, now() - interval '365 days' + (k::float / $1) * interval '365 days' as at,
           case when k % 50 = 0 then 'schedule' when k % 100 < 8 then 'access_rule'
                else 'group_member' end as target_type,
           case when k % 50 = 0 then s.ids[1 + k % cardinality(s.ids)]
                when k % 100 < 8 then r.ids[1 + k % cardinality(r.ids)]
                else m.ids[1 + k % cardinality(m.ids)] end as target_id
         from generate_series(1, $1) k cross join m cross join r cross join s)
     select p.k, p.at, coalesce(gm.organization_id, ar.organization_id, sc.organization_id)
              as organization_id,
            'update' as action, p.target_type, p.target_id, 'bench' as target_name,
            case p.target_type
              when 'group_member' then jsonb_build_object('valid_from', jsonb_build_array(
                to_jsonb(now() - interval '400 days'), to_jsonb(gm.valid_from)))
              when 'access_rule' then jsonb_build_object('schedule_id', jsonb_build_array(
                (select min(o.schedule_id) from schedules o
                 where o.organization_id = ar.organization_id and o.schedule_id <> ar.schedule_id),
                ar.schedule_id))
              else jsonb_build_object('intervals', jsonb_build_array(
                '[{"days": ["mon", "tue", "wed", "thu", "fri"], "start": "08:00", "end": "18:00"}]'::jsonb,
                sc.intervals))
            end as changes
     from pick p
       left join group_members gm on p.target_type = 'group_member' and gm.member_id = p.target_id
       left join access_rules ar on p.target_type = 'access_rule' and ar.rule_id = p.target_id
       left join schedules sc on p.target_type = 'schedule' and sc.schedule_id = p.target_id`,
    [MODEL_ROWS],
  )
}

interface Figures {
  times: number[]
  sizes: number[]
}

async function timed(rounds: number, ask: (round: number) => Promise<number>): Promise<Figures> {
  await ask(0)
  const figures: Figures = { times: [], sizes: [] }
  for (let round = 1; round <= rounds; round += 1) {
    const started = performance.now()
    const size = await ask(round)
    figures.times.push(performance.now() - started)
    figures.sizes.push(size)
  }
  figures.times.sort((a, b) => a - b)
  figures.sizes.sort((a, b) => a - b)
  return figures
}

function line(label: string, figures: Figures, budget: number | null, what: string) {
  const p95 = pct(figures.times, 95)
  const verdict =
    budget === null ? '' : `  (budget ≤ ${budget} ms: ${p95 <= budget ? 'met' : 'MISSED'})`
  process.stdout.write(
    `  ${label.padEnd(34)} p50 ${pct(figures.times, 50).toFixed(1).padStart(7)} ms  p95 ${p95.toFixed(1).padStart(7)} ms${verdict}  ${pct(figures.sizes, 50)} ${what} (median)\n`,
  )
}

async function run(name: string, databaseUrl: string | null) {
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: 'memory://',
    databaseUrl,
    seedAuditRows: 0,
    logLevel: 'warn',
    distDir: BUILT ? 'dist' : 'bench/no-dist',
  })
  try {
    const db = server.handle.services.db
    const seedStart = performance.now()
    const site = await seedSite(<T>(sql: string, params?: unknown[]) =>
      db.query<T & object>(sql, params),
    )
    const siteMs = performance.now() - seedStart
    const historyStart = performance.now()
    const door = await db.tx(async (q) => {
      const seeded = await seedCredentials(q)
      await seedModelHistory(q)
      return seeded
    })
    // The journal "began" a year and a day ago: the anchor's guard lets only retention move it,
    // so the bench sets it with the guard off.
    await db.tx(async (q) => {
      await q.query('alter table journal_anchor disable trigger journal_anchor_guard')
      await q.query(`update journal_anchor set since = now() - interval '366 days'`)
      await q.query('alter table journal_anchor enable trigger journal_anchor_guard')
    })
    await db.query('analyze')
    const historyMs = performance.now() - historyStart
    const token = await apiToken(server.url)
    const get = async (path: string) => {
      const response = await fetch(`${server.url}${path}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      const body = (await response.json()) as { people?: unknown[]; places?: unknown[] }
      if (!response.ok) throw new Error(`HTTP ${response.status}: ${JSON.stringify(body)}`)
      return body
    }
    const at = (back: number | null) =>
      back === null ? '' : `&at=${encodeURIComponent(new Date(Date.now() - back).toISOString())}`

    process.stdout.write(
      `${name}: ${CREDENTIALS.toLocaleString('en')} credentials on one door, ${ROWS.toLocaleString('en')} journal rows about them\n`,
    )
    for (const [label, back] of [
      ['now', null],
      ['a month back', 30 * DAY],
      ['a year back', 364 * DAY],
    ] as const) {
      const figures = await timed(ROUNDS, async () => {
        const body = await get(`/access/v1/access?door_id=${door}${at(back)}`)
        return body.people?.length ?? 0
      })
      line(label, figures, back === null ? 50 : 200, 'people')
    }

    process.stdout.write(
      `${name}: site of ${site.users.toLocaleString('en')} users, ${site.doors.toLocaleString('en')} doors, ${site.groups} groups, ${site.members.toLocaleString('en')} memberships, ${site.rules} rules; ${MODEL_ROWS.toLocaleString('en')} journal rows about them (seeded in ${(siteMs / 1000).toFixed(1)} s, history ${(historyMs / 1000).toFixed(1)} s)\n`,
    )
    const doors = (
      await db.query<{ door_id: number }>(
        `select d.door_id from doors d join locations l using (location_id)
           join organizations o on o.organization_id = d.organization_id
         where o.name = 'Acme' and l.street = 'Industriestraße' order by d.door_id`,
      )
    ).map((d) => d.door_id)
    const people = (
      await db.query<{ user_id: number }>(
        'select user_id from users where user_id > 1000000 order by user_id',
      )
    ).map((u) => u.user_id)
    const nth = <T>(items: T[], round: number) => items[(round * 7919) % items.length]
    for (const [label, back] of [
      ['who can open a site door, now', null],
      ['who can open a site door, a year back', 364 * DAY],
    ] as const) {
      const figures = await timed(ROUNDS, async (round) => {
        const body = await get(`/access/v1/access?door_id=${nth(doors, round)}${at(back)}`)
        return body.people?.length ?? 0
      })
      line(label, figures, back === null ? 50 : 200, 'people')
    }
    for (const [label, back] of [
      ['where can they go, now', null],
      ['where can they go, a year back', 364 * DAY],
    ] as const) {
      const figures = await timed(ROUNDS, async (round) => {
        const query = back === null ? '' : `?${at(back).slice(1)}`
        const body = await get(`/access/v1/users/${nth(people, round)}/access${query}`)
        return body.places?.length ?? 0
      })
      line(label, figures, back === null ? 50 : null, 'places')
    }
    // The control: a page from the build (or, not built, the health answer), no database.
    const control = await autocannon({
      url: `${server.url}${BUILT ? '/login' : '/health'}`,
      connections: 10,
      duration: 3,
    })
    process.stdout.write(
      `  control: GET ${BUILT ? '/login (static)' : '/health (not built)'} ${Math.round(control.requests.average).toLocaleString('en')} req/s, p99 ${control.latency.p99} ms; ${machineLine()}\n`,
    )
  } finally {
    await server.close()
  }
}

if (POSTGRES_ONLY) {
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('--postgres runs under scripts/with-postgres.sh')
  await run('PostgreSQL', url)
} else {
  process.stdout.write(`Who can open this? Where can they go? ${ROUNDS} requests per line\n`)
  await run('embedded PGlite', null)
  await againOnPostgres('bench/access.ts')
}
