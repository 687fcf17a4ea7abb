-- Who may enter, when (issue 64, decision 065): access groups with members, schedules of
-- wall-clock intervals read in a place's time zone, calendars of exceptions, access rules that give
-- groups places on a schedule, one PIN per person per organization, and a secret per device for
-- the keypad that asks the server.

-- Every wall-clock time belongs to a place: the organization's zone, or its location's when set.
alter table organizations add column time_zone text not null default 'UTC';
alter table locations add column time_zone text;

create table access_groups (
  group_id serial primary key,
  organization_id int not null references organizations,
  name text not null,
  description text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index access_groups_name on access_groups (organization_id, lower(name));
create index access_groups_org on access_groups (organization_id, group_id);

-- One row per group and person: adding someone twice is one membership, whoever races.
create table group_members (
  member_id serial primary key,
  group_id int not null references access_groups on delete cascade,
  user_id int not null references users on delete cascade,
  organization_id int not null,
  valid_from timestamptz,
  valid_until timestamptz,
  created_at timestamptz not null default now(),
  constraint group_members_once unique (group_id, user_id),
  constraint group_members_window check (
    valid_from is null or valid_until is null or valid_until > valid_from)
);
create index group_members_user on group_members (user_id, group_id);

-- intervals: [{days: ['mon', …], start: 'HH:MM', end: 'HH:MM'}]; calendar_ids in order.
create table schedules (
  schedule_id serial primary key,
  organization_id int not null references organizations,
  name text not null,
  intervals jsonb not null default '[]',
  calendar_ids int[] not null default '{}',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index schedules_name on schedules (organization_id, lower(name));
create index schedules_calendars on schedules using gin (calendar_ids);

-- exceptions: [{name, date: 'YYYY-MM-DD' | rrule + dtstart, start?, end?, effect: closed|open}]
create table calendars (
  calendar_id serial primary key,
  organization_id int not null references organizations,
  name text not null,
  exceptions jsonb not null default '[]',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index calendars_name on calendars (organization_id, lower(name));

-- targets as 'type:id' ('location:1', 'floor:3', 'room:7', 'door:12', 'device:40'), so the rules
-- covering a place are one array overlap on a GIN index; the API speaks [{type, id}].
create table access_rules (
  rule_id serial primary key,
  organization_id int not null references organizations,
  name text not null,
  group_ids int[] not null,
  targets text[] not null,
  schedule_id int references schedules,
  valid_from timestamptz,
  valid_until timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint access_rules_window check (
    valid_from is null or valid_until is null or valid_until > valid_from)
);
create unique index access_rules_name on access_rules (organization_id, lower(name));
create index access_rules_groups on access_rules using gin (group_ids);
create index access_rules_targets on access_rules using gin (targets);

-- A person's own PIN, as an HMAC digest with the server's PIN key: unique in the organization.
create table person_pins (
  user_id int primary key references users on delete cascade,
  organization_id int not null,
  pin_digest text not null,
  digits int not null,
  changed_at timestamptz not null default now(),
  constraint person_pins_unique unique (organization_id, pin_digest)
);

-- The keypad's own secret for pin-entry (a hash; the secret is shown once when made).
alter table devices add column secret_hash text;

alter table journal drop constraint journal_target_type_check;
alter table journal add constraint journal_target_type_check check (target_type in
  ('organization', 'user', 'location', 'floor', 'room', 'door', 'device', 'credential', 'session',
   'lockdown', 'group', 'group_member', 'schedule', 'calendar', 'access_rule', 'person_pin'))
  not valid;

-- Who may read and write them (src/contract/permissions.ts, decision 065): administrators all;
-- organization administrators in their organization; staff and auditors read theirs.
update roles set permissions = array(select distinct p from unnest(permissions
  || '{groups:read,groups:update,schedules:read,schedules:update,access_rules:read,access_rules:update}'::text[]) p order by p)
  where role = 'admin';
update roles set permissions = array(select distinct p from unnest(permissions
  || '{groups:read:org,groups:update:org,schedules:read:org,schedules:update:org,access_rules:read:org,access_rules:update:org}'::text[]) p order by p)
  where role = 'org_admin';
update roles set permissions = array(select distinct p from unnest(permissions
  || '{groups:read:org,schedules:read:org,access_rules:read:org}'::text[]) p order by p)
  where role in ('staff', 'auditor');
update users set permissions = array(select distinct p from unnest(permissions
  || '{groups:read,groups:update,schedules:read,schedules:update,access_rules:read,access_rules:update}'::text[]) p order by p)
  where 'admin' = any(roles);
update users set permissions = array(select distinct p from unnest(permissions
  || '{groups:read:org,groups:update:org,schedules:read:org,schedules:update:org,access_rules:read:org,access_rules:update:org}'::text[]) p order by p)
  where 'org_admin' = any(roles);
update users set permissions = array(select distinct p from unnest(permissions
  || '{groups:read:org,schedules:read:org,access_rules:read:org}'::text[]) p order by p)
  where 'staff' = any(roles) or 'auditor' = any(roles);
