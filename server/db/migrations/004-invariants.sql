-- Rules the handlers used to check with a select before writing, now held by the database
-- (docs/invariants.md). Rows that already break one hold this migration back: it raises
-- SQLSTATE AC001 naming them, the server starts without it, warns, and tries again next start
-- (README, "Operations").
do $$
declare
  found text;
begin
  select string_agg(problem, '; ') into found from (
    select format('devices %s share manufacturer %s''s serial %L (letter case ignored)',
                  string_agg(device_id::text, ', ' order by device_id), manufacturer_id,
                  lower(device_id_manufacturer)) as problem
    from devices
    group by manufacturer_id, lower(device_id_manufacturer)
    having count(*) > 1
    union all
    select format('credential %s ends before it starts', credential_id)
    from credentials
    where end_datetime <= start_datetime
    union all
    select format('credentials %s and %s overlap on %s %s and one is exclusive',
                  a.credential_id, b.credential_id, a.assignment_type, a.assignment_id)
    from credentials a
    join credentials b
      on b.assignment_type = a.assignment_type and b.assignment_id = a.assignment_id
     and b.credential_id > a.credential_id and (a.exclusive or b.exclusive)
    where (a.end_datetime is null or a.end_datetime > a.start_datetime)
      and (b.end_datetime is null or b.end_datetime > b.start_datetime)
      and tstzrange(a.start_datetime, a.end_datetime) && tstzrange(b.start_datetime, b.end_datetime)
  ) problems;
  if found is not null then
    raise exception using errcode = 'AC001', message = found;
  end if;
end $$;

-- One serial per manufacturer, whatever its letter case.
alter table devices drop constraint devices_manufacturer_id_device_id_manufacturer_key;
create unique index devices_serial on devices (manufacturer_id, lower(device_id_manufacturer));

-- A window is [start, end); no end is open-ended (permanent).
alter table credentials add constraint credentials_window_order
  check (end_datetime is null or end_datetime > start_datetime);

-- An exclusive credential shares its door, device or location with no other credential in an
-- overlapping window. Two constraints, because an exclusion constraint compares only pairs that
-- both match its predicate: exclusive against exclusive, and exclusive against shared.
create extension if not exists btree_gist;
alter table credentials add constraint credentials_exclusive_window
  exclude using gist (assignment_type with =, assignment_id with =,
                      tstzrange(start_datetime, end_datetime) with &&)
  where (exclusive);
alter table credentials add constraint credentials_exclusive_shared
  exclude using gist (assignment_type with =, assignment_id with =,
                      tstzrange(start_datetime, end_datetime) with &&, exclusive with <>);
