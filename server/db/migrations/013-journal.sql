-- The admin journal (docs/journal.md, docs/decisions/047-journal-hash-chain.md): one row for every
-- change, written in the change's transaction; append-only and hash-chained.

-- No foreign keys: a row keeps the actor, organization and target as they were, after they are gone.
create table journal (
  journal_id bigint primary key,
  at timestamptz not null,
  actor_id bigint,
  actor_email text,
  client_address text,
  organization_id bigint,
  action text not null,
  target_type text not null check (target_type in
    ('organization', 'user', 'location', 'floor', 'room', 'door', 'device', 'credential', 'session')),
  target_id bigint,
  target_name text,
  changes jsonb not null default '{}'::jsonb,
  request_id text check (request_id ~ '^[A-Za-z0-9._-]{1,128}$'),
  -- The device audit row of a device command or a created PIN.
  audit_id bigint,
  prev_hash text not null,
  hash text not null
);

-- Newest first at every filter: each index ends in journal_id, so a page of one actor, target or
-- organization is read along it and stops at the page's last row.
create index journal_at on journal (at desc, journal_id desc);
create index journal_actor on journal (actor_id, journal_id);
create index journal_target on journal (target_type, target_id, journal_id);
create index journal_organization on journal (organization_id, journal_id);

-- The chain's head: the last row's id and hash. Every insert updates this one row, so journal
-- writers queue on its row lock until their transaction ends: ids are dense and each row's
-- prev_hash is the hash of the row committed before it. A rolled-back change rolls its head back.
create table journal_head (
  only_row boolean primary key default true check (only_row),
  journal_id bigint not null,
  hash text not null,
  at timestamptz not null
);
insert into journal_head values (true, 0, repeat('0', 64), '-infinity');

-- Where retention cut the chain: rows up to through_id are gone, hash is the last one's, which
-- the first kept row carries as prev_hash. Nothing cut yet: 0 and the genesis hash.
create table journal_anchor (
  only_row boolean primary key default true check (only_row),
  through_id bigint not null,
  hash text not null
);
insert into journal_anchor values (true, 0, repeat('0', 64));

-- A row's hash: SHA-256 over its content, in a fixed order and a time-zone-free spelling, and the
-- previous row's hash. The inserting trigger and the verifier (npm run journal:verify) both use it.
create function journal_hash(j journal) returns text language sql stable as $$
  select encode(sha256(convert_to(jsonb_build_array(
    j.journal_id,
    to_char(j.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
    j.actor_id, j.actor_email, j.client_address, j.organization_id, j.action, j.target_type,
    j.target_id, j.target_name, j.changes, j.request_id, j.audit_id, j.prev_hash
  )::text, 'UTF8')), 'hex')
$$;

-- Whatever the inserter sent for the id, time and hashes is replaced: the chain is the database's.
create function journal_chain() returns trigger language plpgsql as $$
declare
  head journal_head;
begin
  update journal_head set journal_id = journal_id + 1 returning * into head;
  new.journal_id := head.journal_id;
  new.prev_hash := head.hash;
  -- Never before the previous row: time order is id order, and the at index pages like the id.
  new.at := greatest(clock_timestamp(), head.at);
  new.hash := journal_hash(new);
  update journal_head set hash = new.hash, at = new.at;
  return new;
end $$;
create trigger journal_chain before insert on journal
  for each row execute function journal_chain();

-- Append-only. The one delete allowed is retention's (journal_prune below), of rows at or before
-- the anchor it has just moved, while it holds the transaction-local setting journal.prune.
create function journal_append_only() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' and current_setting('journal.prune', true) = 'on'
     and old.journal_id <= (select through_id from journal_anchor) then
    return old;
  end if;
  raise exception 'the journal is append-only: % refused', tg_op using errcode = 'AC002';
end $$;
create trigger journal_append_only before update or delete on journal
  for each row execute function journal_append_only();

create function journal_no_truncate() returns trigger language plpgsql as $$
begin
  raise exception 'the journal is append-only: TRUNCATE refused' using errcode = 'AC002';
end $$;
create trigger journal_no_truncate before truncate on journal
  for each statement execute function journal_no_truncate();
create trigger journal_anchor_no_truncate before truncate on journal_anchor
  for each statement execute function journal_no_truncate();

-- The anchor moves only forward, and only inside journal_prune.
create function journal_anchor_guard() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and current_setting('journal.prune', true) = 'on'
     and new.through_id >= old.through_id then
    return new;
  end if;
  raise exception 'the journal anchor moves only by retention: % refused', tg_op
    using errcode = 'AC002';
end $$;
create trigger journal_anchor_guard before update or delete on journal_anchor
  for each row execute function journal_anchor_guard();

-- Retention: removes the rows older than keep_days, a prefix of the chain (time order is id
-- order), and records the last removed row's hash as the anchor the verifier starts from.
create function journal_prune(keep_days integer) returns bigint language plpgsql as $$
declare
  cut bigint;
  cut_hash text;
  removed bigint;
begin
  -- No journal write meanwhile: the head's lock is what every writer takes.
  perform 1 from journal_head for update;
  select journal_id, hash into cut, cut_hash from journal
    where at < now() - make_interval(days => keep_days)
    order by at desc, journal_id desc limit 1;
  if cut is null then
    return 0;
  end if;
  perform set_config('journal.prune', 'on', true);
  update journal_anchor set through_id = cut, hash = cut_hash;
  delete from journal where journal_id <= cut;
  get diagnostics removed = row_count;
  perform set_config('journal.prune', 'off', true);
  return removed;
end $$;

-- Who may read the journal: the global and organization administrators (src/contract/permissions.ts).
-- Users hold the permissions on their row (decision 021); those made from a role get its new one.
update roles set permissions = array(select distinct p from unnest(permissions || '{journal:read}'::text[]) p order by p)
  where role = 'admin';
update roles set permissions = array(select distinct p from unnest(permissions || '{journal:read:org}'::text[]) p order by p)
  where role = 'org_admin';
update users set permissions = array(select distinct p from unnest(permissions || '{journal:read}'::text[]) p order by p)
  where 'admin' = any(roles);
update users set permissions = array(select distinct p from unnest(permissions || '{journal:read:org}'::text[]) p order by p)
  where 'org_admin' = any(roles);
