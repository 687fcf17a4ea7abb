-- "Who can open this?" a year back read and grouped every journal row since (journal_rewind,
-- migration 016): 100,000 rows per question (decision 057). The values a rewind needs are written
-- once instead, as the journal grows: for every journaled field a row changes, its `before`, with
-- the ids of the moments that see it. A rewind to a moment starts at the moment's first row (the
-- first by time after it, as before); the value a field had then is the `before` of its first change
-- from that row on, which is the one entry whose range holds that row's id: after the field's
-- previous change, up to and including this one. A create or delete row adds an entry without a
-- field (its action), whose range starts after the object's previous row: it is the first row from
-- a moment on exactly when that moment's first row falls in the range.
create table journal_before (
  target_type text not null,
  target_id bigint not null,
  -- Null: the entry of a create or delete row, whose value is the action.
  field text,
  value jsonb,
  -- The first rows (ids) of the moments that see this value: (previous change, this change].
  ids int8range not null,
  -- The row that wrote it: retention removes the entry with its row.
  journal_id bigint not null
) partition by list (target_type);
-- One table per kind a rewind reads: a moment's credentials are not searched among its users' and
-- devices' entries, nor these among the credentials' (the kind is pruned as the statement starts).
create table journal_before_credential partition of journal_before for values in ('credential');
create table journal_before_user partition of journal_before for values in ('user');
create table journal_before_device partition of journal_before for values in ('device');
create table journal_before_other partition of journal_before default;

-- The last journal row whose entries are written: every row up to it has them, none after it. One
-- row, moved by the statement that writes the entries, in the journal writer's transaction.
create table journal_before_head (journal_id bigint not null);
create unique index journal_before_head_one on journal_before_head ((true));
insert into journal_before_head values (0);

-- The entries of the journal's rows `first_id` to `last_id`. A field's range starts after its previous
-- change: the one before among these rows (lag), else the field's latest entry (journal_before_field
-- below). A create or delete row's range starts after the object's previous row: the one before
-- among these rows, else the latest before them (journal_target, migration 013). So a statement
-- looks up each object once, by index, whatever its size: one row for an API write, every row for
-- the backfill, which finds nothing before them. PL/pgSQL, so a connection plans it once.
-- Its plan is generic for an API write's few rows: a custom plan, chosen while the generic one's
-- guess is worse, planned the statement again at every write (about 3 ms on PGlite, more than the
-- journal row's budget). For many rows (a CSV import's batch, the backfill) it is planned for
-- them: the generic plan, fitted to a few rows, took 10 s for a 500-row batch. The caller
-- (journal_before_catch_up) sets plan_cache_mode for the call.
-- Without JIT: that plan's guess (a window over 43,500 rows) passes PostgreSQL's JIT threshold,
-- and compiling it took 48 ms at every write.
create function journal_before_from(first_id bigint, last_id bigint) returns void language plpgsql
set jit = off as $$
begin
  insert into journal_before (target_type, target_id, field, value, ids, journal_id)
  with r as (
    select j.journal_id, j.target_type, j.target_id, j.action, j.changes,
      lag(j.journal_id) over (partition by j.target_type, j.target_id order by j.journal_id)
        as previous_row
    from journal j
    -- Both bounds: the generic plan guesses a few rows and reads them by the primary key.
    where j.journal_id between first_id and last_id and j.target_id is not null)
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

-- Writes the entries of every row after journal_before_head and moves it to the last row. Rows
-- written while the trigger below was disabled (a superuser's bulk load) get theirs here, at the
-- next journal write or when called; until then journal_then refuses to answer rather than miss
-- them. Writers queue on the chain head's lock (migration 013) before they get here, so each
-- statement's rows follow every committed row; the lock taken here orders the rest.
create function journal_before_catch_up() returns bigint language plpgsql as $$
declare
  covered bigint;
  last_id bigint;
  mode text;
begin
  select journal_id into covered from journal_before_head for update;
  select max(journal_id) into last_id from journal;
  if last_id is null or last_id <= covered then
    return 0;
  end if;
  mode := current_setting('plan_cache_mode');
  perform set_config('plan_cache_mode',
    case when last_id - covered > 64 then 'force_custom_plan' else 'force_generic_plan' end, true);
  perform journal_before_from(covered + 1, last_id);
  perform set_config('plan_cache_mode', mode, true);
  update journal_before_head set journal_id = last_id;
  return last_id - covered;
end $$;

-- The journal found here, filled before the indexes are built: one set-based insert, then each
-- index built once (1,000,000 journal rows in 24 s on PGlite, docs/journal.md), not an entry at a
-- time.
select journal_before_catch_up();

-- A moment's entries: those whose range holds its first row's id.
create index journal_before_ids on journal_before using gist (ids);
-- A field's latest entry, where the next change's range starts. Led by the object's id: led by its
-- type, it would offer a rewind every entry of that type, and the planner took it.
create index journal_before_field on journal_before (target_id, field, target_type, journal_id);
create index journal_before_row on journal_before (journal_id);

-- Written by the statement that writes the rows, in its transaction: a change, its journal row and
-- its entries commit or roll back together.
create function journal_before_insert() returns trigger language plpgsql as $$
begin
  perform journal_before_catch_up();
  return null;
end $$;
create trigger journal_before_insert after insert on journal
  for each statement execute function journal_before_insert();

-- Retention's delete (journal_prune) takes the removed rows' entries with them.
create function journal_before_delete() returns trigger language plpgsql as $$
begin
  delete from journal_before where journal_id in (select journal_id from old_rows);
  return null;
end $$;
create trigger journal_before_delete after delete on journal
  referencing old table as old_rows for each statement execute function journal_before_delete();

-- The entries a rewind to `since` reads, of objects of one kind: those whose range holds the
-- moment's first row. Not inlined (PL/pgSQL): the planner plans the statements that read it with
-- its row estimate, not with the two rows it guessed for the inlined scan and then joined 10,000
-- rows by nested loops.
create function journal_then(kind text, since timestamptz)
returns table (target_id bigint, field text, value jsonb)
language plpgsql stable rows 10000 as $$
declare
  covered bigint;
  behind bigint;
begin
  -- Rows without entries (written with the trigger disabled) would go unseen: refuse instead.
  select h.journal_id into covered from journal_before_head h;
  select j.journal_id into behind from journal j where j.journal_id > covered
  order by j.journal_id limit 1;
  if behind is not null then
    raise exception 'journal rows from % have no journal_before entries', behind
      using hint = 'select journal_before_catch_up() writes them';
  end if;
  return query select b.target_id, b.field, b.value
  from journal_before b
  where b.target_type = kind and b.ids @> (
    select f.journal_id from journal f where f.at > since order by f.at, f.journal_id limit 1);
end $$;

-- The same answer as migration 016's scan, read from the entries: per object changed from the
-- moment's first row on, 'create' or 'delete' when that is its first row's action (null for any
-- other: the rewind treats them alike) and each field's value then.
create or replace function journal_rewind(kind text, since timestamptz)
returns table (target_id bigint, first_action text, before jsonb)
language sql stable as $$
  select e.target_id,
    min(e.value #>> '{}') filter (where e.field is null),
    jsonb_object_agg(e.field, e.value) filter (where e.field is not null)
  from journal_then(kind, since) e
  group by e.target_id
$$;
