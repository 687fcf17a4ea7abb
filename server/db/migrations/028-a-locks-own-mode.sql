-- A lock with no door keeps its own mode (decision 072): its mode schedule and overrides already
-- have their column (door_modes.device_id, door_overrides.device_id, migration 026); the
-- first-person-in entries get one, and a lock's mode is journaled as its own target (a device's id
-- is not a door's).

alter table door_mode_entries drop constraint door_mode_entries_pkey;
alter table door_mode_entries alter column door_id drop not null;
alter table door_mode_entries add column device_id int references devices on delete cascade;
alter table door_mode_entries add constraint door_mode_entries_one_place
  check ((door_id is null) <> (device_id is null));
create unique index door_mode_entries_door on door_mode_entries (door_id, at, user_id)
  where door_id is not null;
create unique index door_mode_entries_device on door_mode_entries (device_id, at, user_id)
  where device_id is not null;

alter table journal drop constraint journal_target_type_check;
alter table journal add constraint journal_target_type_check check (target_type in
  ('organization', 'user', 'location', 'floor', 'room', 'door', 'device', 'credential', 'session',
   'lockdown', 'group', 'group_member', 'schedule', 'calendar', 'access_rule', 'person_pin',
   'door_mode', 'door_override', 'snow_day', 'device_mode'))
  not valid;
