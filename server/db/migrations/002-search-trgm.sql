-- List searches match `lower(col) like '%term%'`; trigram GIN indexes on exactly those expressions
-- let the planner answer them (and their count) from a bitmap instead of a full scan. Terms under
-- three characters have no trigram and still scan, which is cheap only on the small tables.
-- fastupdate off: PGlite never vacuums, so a pending list would only grow and be scanned linearly
-- by every search (15 ms per index at 100,000 users); direct inserts cost a little more per row.
create extension if not exists pg_trgm;

create index users_search_username on users using gin (lower(username) gin_trgm_ops) with (fastupdate = off);
create index users_search_email on users using gin (lower(email) gin_trgm_ops) with (fastupdate = off);
create index users_search_first_name on users using gin (lower(first_name) gin_trgm_ops) with (fastupdate = off);
create index users_search_last_name on users using gin (lower(last_name) gin_trgm_ops) with (fastupdate = off);

create index organizations_search_name on organizations using gin (lower(name) gin_trgm_ops) with (fastupdate = off);
create index organizations_search_description on organizations using gin (lower(description) gin_trgm_ops) with (fastupdate = off);

-- A search's recordsTotal is every user in scope: count(*) reads all 100,000 rows (20-40 ms on
-- PGlite, which never vacuums, so no index-only scan), while the search itself takes a few ms.
-- Exact per-organization counts, kept by statement triggers in the writing transaction.
create table user_counts (
  organization_id int primary key,
  n int not null
);
insert into user_counts (organization_id, n)
select organization_id, count(*) from users group by organization_id;

create function user_counts_add() returns trigger language plpgsql as $$
begin
  insert into user_counts (organization_id, n)
  select organization_id, count(*) from added group by organization_id
  on conflict (organization_id) do update set n = user_counts.n + excluded.n;
  return null;
end $$;

create function user_counts_remove() returns trigger language plpgsql as $$
begin
  update user_counts c set n = c.n - r.n
  from (select organization_id, count(*)::int as n from removed group by organization_id) r
  where c.organization_id = r.organization_id;
  return null;
end $$;

create trigger users_count_insert after insert on users
  referencing new table as added for each statement execute function user_counts_add();
create trigger users_count_delete after delete on users
  referencing old table as removed for each statement execute function user_counts_remove();
-- An update may move users between organizations: take the old rows out, put the new ones in.
create trigger users_count_update_out after update on users
  referencing old table as removed for each statement execute function user_counts_remove();
create trigger users_count_update_in after update on users
  referencing new table as added for each statement execute function user_counts_add();
