-- Lockdown (docs/lockdown.md, decision 056). A lockdown covers an organization, a location or a
-- floor. Its lockable devices are its job: one row each, claimed by a server with a lease, locked
-- in the same transaction that writes the command's audit row, so a server that dies mid-way leaves
-- its rows to another and no device is commanded twice.

create table lockdowns (
  lockdown_id serial primary key,
  organization_id int not null references organizations,
  scope_type text not null check (scope_type in ('organization', 'location', 'floor')),
  scope_id int not null,
  scope_name text not null,
  reason text not null,
  started_by int not null,
  started_by_email text not null,
  started_at timestamptz not null default now(),
  -- The latest release request; a lapsed one stays until the next replaces it.
  request_by int,
  request_by_email text,
  request_reason text,
  requested_at timestamptz,
  request_expires_at timestamptz,
  request_lapsed boolean not null default false,
  -- Rounds of "send the lock again" to the devices not reached: part of each command's key.
  retries int not null default 0,
  released_by int,
  released_by_email text,
  released_at timestamptz,
  check ((released_at is null) = (released_by is null)),
  check (released_by is null or (request_by is not null and released_by <> request_by))
);
-- One lockdown at a time per scope; a floor inside a locked-down location may still have its own.
create unique index lockdowns_one_per_scope on lockdowns (scope_type, scope_id)
  where released_at is null;
create index lockdowns_active on lockdowns (organization_id) where released_at is null;
create index lockdowns_started on lockdowns (started_at desc, lockdown_id desc);

create table lockdown_devices (
  lockdown_id int not null references lockdowns,
  device_id int not null,
  name text not null,
  state text not null default 'pending'
    check (state in ('pending', 'locked', 'not_reached', 'failed')),
  audit_id bigint,
  claimed_by text,
  lease_until timestamptz,
  updated_at timestamptz not null default now(),
  primary key (lockdown_id, device_id)
);
create index lockdown_devices_pending on lockdown_devices (lockdown_id, device_id)
  where state = 'pending';
create index lockdown_devices_device on lockdown_devices (device_id);

-- The floor a device is on, through its room or door; null for a device placed on a location.
create function device_floor(kind text, id int) returns int language sql stable as $$
  select case kind
    when 'floor' then id
    when 'room' then (select floor_id from rooms where room_id = id)
    when 'door' then (select floor_id from doors where door_id = id)
  end
$$;

-- Whether a lockdown's scope holds a place (a door, a device, a location: its organization,
-- location and floor). The one definition: the start, the refusals of unlocks and offline codes,
-- and "who can open this" all read it. A floor's lockdown holds no whole location.
create function lockdown_covers_place(kind text, id int, organization int,
  place_organization int, place_location int, place_floor int)
returns boolean language sql immutable as $$
  select organization = place_organization and case kind
    when 'organization' then true
    when 'location' then id = place_location
    else id is not distinct from place_floor
  end
$$;

create function lockdown_covers(kind text, id int, organization int, d devices)
returns boolean language sql stable as $$
  select lockdown_covers_place(kind, id, organization, d.organization_id, d.location_id,
    device_floor(d.assignment_type, d.assignment_id))
$$;

alter table device_audits drop constraint device_audits_detail_code;
alter table device_audits add constraint device_audits_detail_code
  check (detail_code in ('device_not_connected', 'capability_missing', 'pin_window', 'lockdown',
    'lockdown_lock', 'lockdown_override')) not valid;

alter table journal drop constraint journal_target_type_check;
alter table journal add constraint journal_target_type_check check (target_type in
  ('organization', 'user', 'location', 'floor', 'room', 'door', 'device', 'credential', 'session',
   'lockdown')) not valid;

-- Who may start, release and override (src/contract/permissions.ts, decision 056): administrators
-- all three; organization administrators start and release in their organization; staff start
-- (whoever is at the desk when it happens). Nobody but a global administrator overrides.
update roles set permissions = array(select distinct p from unnest(permissions
  || '{lockdown:start,lockdown:release,lockdown:override}'::text[]) p order by p)
  where role = 'admin';
update roles set permissions = array(select distinct p from unnest(permissions
  || '{lockdown:start:org,lockdown:release:org}'::text[]) p order by p)
  where role = 'org_admin';
update roles set permissions = array(select distinct p from unnest(permissions
  || '{lockdown:start:org}'::text[]) p order by p)
  where role = 'staff';
update users set permissions = array(select distinct p from unnest(permissions
  || '{lockdown:start,lockdown:release,lockdown:override}'::text[]) p order by p)
  where 'admin' = any(roles);
update users set permissions = array(select distinct p from unnest(permissions
  || '{lockdown:start:org,lockdown:release:org}'::text[]) p order by p)
  where 'org_admin' = any(roles);
update users set permissions = array(select distinct p from unnest(permissions
  || '{lockdown:start:org}'::text[]) p order by p)
  where 'staff' = any(roles);
