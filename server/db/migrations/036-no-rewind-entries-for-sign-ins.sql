-- A sign-in's journal row (target type `session`: who signed in, and with which methods, amr) is
-- an event, not a change of anything a moment could be rewound to, and no rewind reads that kind
-- (journal_then's callers, server/db/access-at.ts); yet every sign-in wrote an entry. The factor
-- step on the embedded database spent about a millisecond of its one connection on it (issue 67's
-- bench). The entries' function now leaves those rows out, and the ones written go. As in
-- migration 018 otherwise.
create or replace function journal_before_from(first_id bigint, last_id bigint) returns void language plpgsql
set jit = off as $$
begin
  insert into journal_before (target_type, target_id, field, value, ids, journal_id)
  with r as (
    select j.journal_id, j.target_type, j.target_id, j.action, j.changes,
      lag(j.journal_id) over (partition by j.target_type, j.target_id order by j.journal_id)
        as previous_row
    from journal j
    -- Both bounds: the generic plan guesses a few rows and reads them by the primary key.
    where j.journal_id between first_id and last_id and j.target_id is not null
      and j.target_type <> 'session')
  select r.target_type, r.target_id, e.key, coalesce(e.value->0, 'null'::jsonb),
    int8range(coalesce(
      lag(r.journal_id) over (partition by r.target_type, r.target_id, e.key order by r.journal_id),
      -- None before the first row: the backfill, whose lookups would scan the entries it is
      -- writing (the indexes are built after it).
      case when first_id > 1 then
        (select max(b.journal_id) from journal_before b
         where b.target_type = r.target_type and b.target_id = r.target_id and b.field = e.key)
      end),
      r.journal_id, '(]'),
    r.journal_id
  from r cross join lateral jsonb_each(r.changes) e
  union all
  select r.target_type, r.target_id, null, to_jsonb(r.action),
    int8range(coalesce(r.previous_row,
      (select max(p.journal_id) from journal p
       where p.target_type = r.target_type and p.target_id = r.target_id
         and p.journal_id < first_id)), r.journal_id, '(]'),
    r.journal_id
  from r
  where r.action in ('create', 'delete');
end $$;

delete from journal_before where target_type = 'session';
