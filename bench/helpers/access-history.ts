import type { Queryable } from '../../server/db/database'

// A year of journal history for bench:access: rows written with the chain trigger off and
// backdated (the trigger stamps every row "now"); their hashes are not a chain, which the bench
// does not read. Each changes a real field, the last change ending at today's value, so a moment
// back rewinds real values.

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

/** `credentials` credentials on a demo door and `rows` rows about their ends over the year. */
export async function seedCredentials(q: Queryable, credentials: number, rows: number) {
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
    [door.organization_id, door.door_id, credentials],
  )
  // Row k is about the (k mod n)-th credential, a year ago + k/rows of the year; it moves the
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
    [door.door_id, rows, door.organization_id],
  )
  return door.door_id
}

/**
 * The site's model over the past year: 90 in 100 rows move a membership's start (from 400 days
 * ago to today's), 8 a rule's schedule (from another of its organization's), 2 a schedule's hours
 * (from 08:00–18:00 on weekdays).
 */
export async function seedModelHistory(q: Queryable, rows: number) {
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
    [rows],
  )
}
