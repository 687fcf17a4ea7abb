-- "Who can open this?" at a past moment undoes the journal's rows after it (server/db/access-at.ts),
-- so it can answer only for moments the journal covers completely: from when it began (this
-- migration on a database that had none) or, once retention has cut it, from the last removed row.

alter table journal_anchor add column since timestamptz not null default now();

create or replace function journal_prune(keep_days integer) returns bigint language plpgsql as $$
declare
  cut bigint;
  cut_hash text;
  cut_at timestamptz;
  removed bigint;
begin
  -- No journal write meanwhile: the head's lock is what every writer takes.
  perform 1 from journal_head for update;
  select journal_id, hash, at into cut, cut_hash, cut_at from journal
    where at < now() - make_interval(days => keep_days)
    order by at desc, journal_id desc limit 1;
  if cut is null then
    return 0;
  end if;
  perform set_config('journal.prune', 'on', true);
  update journal_anchor set through_id = cut, hash = cut_hash, since = greatest(since, cut_at);
  delete from journal where journal_id <= cut;
  get diagnostics removed = row_count;
  perform set_config('journal.prune', 'off', true);
  return removed;
end $$;

-- "About" a user, door or device (server/db/journal-about.ts): the credential and device rows that
-- name it in their changes, found by containment (`changes @> '{"user_id": [16]}'`).
create index journal_changes on journal using gin (changes jsonb_path_ops)
  where target_type in ('credential', 'device');
