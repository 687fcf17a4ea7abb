-- Door modes (decision 069): a door (or a lock with no door) keeps a schedule's hours unlocked, an
-- override or a manual command holds it for a while, a location's snow day shifts its day, and the
-- mode job (decision 070) commands its locks at each boundary, once.

-- A door's mode schedule; a lock on a door follows its door, a lock with no door may have its own.
create table door_modes (
  door_mode_id serial primary key,
  organization_id int not null references organizations,
  door_id int references doors on delete cascade,
  device_id int references devices on delete cascade,
  schedule_id int not null references schedules,
  mode_in_schedule text not null default 'unlocked' check (mode_in_schedule = 'unlocked'),
  mode_outside text not null default 'locked' check (mode_outside = 'locked'),
  first_person_in_group_id int references access_groups,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint door_modes_one_place check ((door_id is null) <> (device_id is null))
);
create unique index door_modes_door on door_modes (door_id) where door_id is not null;
create unique index door_modes_device on door_modes (device_id) where device_id is not null;
create index door_modes_org on door_modes (organization_id);
create index door_modes_schedule on door_modes (schedule_id);

-- The manual layer: an override with its end, or a person's Lock/Unlock (kind command), which lasts
-- until the next boundary of the layers under it and so has no end of its own.
create table door_overrides (
  override_id serial primary key,
  organization_id int not null references organizations,
  door_id int references doors on delete cascade,
  device_id int references devices on delete cascade,
  kind text not null check (kind in ('override', 'command')),
  mode text not null check (mode in ('locked', 'unlocked')),
  from_at timestamptz not null,
  until timestamptz,
  reason text not null default '',
  set_by int not null,
  set_by_email text not null,
  ended_at timestamptz,
  ended_by int,
  ended_by_email text,
  constraint door_overrides_one_place check ((door_id is null) <> (device_id is null)),
  constraint door_overrides_end check (kind = 'command' or (until is not null and until > from_at)),
  constraint door_overrides_ended check ((ended_at is null) = (ended_by is null))
);
create index door_overrides_door on door_overrides (door_id, from_at desc) where door_id is not null;
create index door_overrides_device on door_overrides (device_id, from_at desc)
  where device_id is not null;

-- A location's late opening or early closing on one date: door modes only, never who may enter.
create table snow_days (
  snow_day_id serial primary key,
  organization_id int not null references organizations,
  location_id int not null references locations on delete cascade,
  date date not null,
  kind text not null check (kind in ('open_late', 'close_early')),
  time text not null check (time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
  reason text not null default '',
  created_by int not null,
  created_at timestamptz not null default now(),
  constraint snow_days_once unique (location_id, date, kind)
);

-- Granted PIN entries by members of a door's first-person-in group, at the door's location, on the
-- server's clock: the entry that opens the day (decision 069).
create table door_mode_entries (
  door_id int not null references doors on delete cascade,
  at timestamptz not null,
  user_id int not null,
  primary key (door_id, at, user_id)
);

-- The job's ledger: one row per lock and boundary. A boundary is the instant its layered mode last
-- changed with the last lockdown released over it (`<instant>|<lockdown id>`), so a release is a
-- boundary of its own. The primary key is "one command per boundary"; the row is claimed with a
-- lease and finished in the command's own transaction, like a lockdown's devices (decision 056).
create table door_mode_commands (
  device_id int not null references devices on delete cascade,
  boundary text not null,
  organization_id int not null,
  mode text not null check (mode in ('locked', 'unlocked')),
  layer jsonb not null,
  state text not null default 'pending'
    check (state in ('pending', 'done', 'in_mode', 'not_reached', 'failed', 'superseded')),
  audit_id bigint,
  claimed_by text,
  lease_until timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (device_id, boundary)
);
create index door_mode_commands_open on door_mode_commands (device_id)
  where state in ('pending', 'not_reached');

alter table device_audits drop constraint device_audits_detail_code;
alter table device_audits add constraint device_audits_detail_code
  check (detail_code in ('device_not_connected', 'capability_missing', 'pin_window', 'lockdown',
    'lockdown_lock', 'lockdown_override', 'access_granted', 'access_denied', 'battery_level',
    'door_mode'))
  not valid;

alter table journal drop constraint journal_target_type_check;
alter table journal add constraint journal_target_type_check check (target_type in
  ('organization', 'user', 'location', 'floor', 'room', 'door', 'device', 'credential', 'session',
   'lockdown', 'group', 'group_member', 'schedule', 'calendar', 'access_rule', 'person_pin',
   'door_mode', 'door_override'))
  not valid;
