-- A new user has no sign-in names to take away: the trigger deletes only on UPDATE. PGlite keeps a
-- trigger's plan for the session, made when sign_in_names was small, so that delete scanned the
-- whole table for every user inserted: a 5,000-row CSV import slowed with every row (docs/csv.md).
create or replace function users_sign_in_names() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' then
    delete from sign_in_names where user_id = new.user_id;
  end if;
  -- A clash with another account raises unique_violation (23505): the write fails as a conflict.
  insert into sign_in_names (name, user_id)
  select distinct name, new.user_id
  from unnest(array[lower(btrim(new.username)), lower(btrim(new.email))]) as name;
  return null;
end $$;
