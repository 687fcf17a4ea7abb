-- Events, alert rules and incidents (issue 68, decision 079).

-- A typed fact about a door, a device or a place, written in the transaction of what caused it.
-- `places` are the places holding the subject as 'kind:id' ('location:1', 'floor:3', 'door:12',
-- 'device:40', 'organization:1'), so the rules watching any of them are one array test.
-- `occurred_at` is the server's clock (server/clock.ts), which tests move.
create table events (
  event_id bigserial primary key,
  organization_id int not null references organizations on delete cascade,
  event_type text not null,
  subject_type text not null
    check (subject_type in ('organization', 'location', 'floor', 'door', 'device')),
  subject_id int not null,
  subject_name text not null,
  location_id int,
  places text[] not null,
  payload jsonb not null default '{}',
  occurred_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index events_org on events (organization_id, event_id);
create index events_subject on events (subject_type, subject_id, event_id);

create table alert_rules (
  rule_id serial primary key,
  organization_id int not null references organizations on delete cascade,
  name text not null,
  event_types text[] not null,
  scope_kind text not null
    check (scope_kind in ('organization', 'location', 'floor', 'door', 'device')),
  scope_id int not null,
  scope_key text generated always as (scope_kind || ':' || scope_id) stored,
  threshold_s int not null default 0 check (threshold_s between 0 and 86400),
  severity text not null check (severity in ('info', 'warning', 'critical')),
  instructions text not null default '',
  user_ids int[] not null default '{}',
  group_ids int[] not null default '{}',
  channels text[] not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index alert_rules_name on alert_rules (organization_id, lower(name));
create index alert_rules_types on alert_rules using gin (event_types);

-- A condition waiting for a rule's threshold (a door held open for 60 s): one row a rule and
-- subject, the first report's. The condition's end deletes it; the alert job (server/jobs/
-- alert-job.ts) claims due rows with a lease and opens the incident in the transaction that
-- deletes the row, so it opens once whichever server takes it.
create table alert_checks (
  rule_id int not null references alert_rules on delete cascade,
  subject_type text not null,
  subject_id int not null,
  event_id bigint not null references events on delete cascade,
  due_at timestamptz not null,
  claimed_by text,
  lease_until timestamptz,
  primary key (rule_id, subject_type, subject_id)
);
create index alert_checks_due on alert_checks (due_at);
create index alert_checks_subject on alert_checks (subject_type, subject_id);

-- One incident a rule and subject while it is open or acknowledged: the partial unique index
-- makes repeats, from any number of requests and servers at once, bump the one row.
create table incidents (
  incident_id serial primary key,
  organization_id int not null references organizations on delete cascade,
  rule_id int references alert_rules on delete set null,
  rule_name text not null,
  severity text not null check (severity in ('info', 'warning', 'critical')),
  instructions text not null default '',
  event_type text not null,
  last_event_type text not null,
  last_event_id bigint,
  subject_type text not null,
  subject_id int not null,
  subject_name text not null,
  location_id int,
  state text not null default 'open' check (state in ('open', 'acknowledged', 'resolved')),
  count int not null default 1,
  first_seen timestamptz not null,
  last_seen timestamptz not null,
  acknowledged_by int,
  acknowledged_by_email text,
  acknowledged_at timestamptz,
  resolved_by int,
  resolved_by_email text,
  resolved_at timestamptz,
  resolution text check (resolution in ('person', 'condition_ended', 'idle')),
  note text not null default '',
  constraint incidents_resolved check ((state = 'resolved') = (resolved_at is not null))
);
create unique index incidents_one_open on incidents (rule_id, subject_type, subject_id)
  where state <> 'resolved';
create index incidents_org on incidents (organization_id, last_seen desc, incident_id);
create index incidents_subject on incidents (subject_type, subject_id) where state <> 'resolved';
create index incidents_idle on incidents (last_seen) where state <> 'resolved';

-- Denied PINs at a device in the current window (access.denied_burst): serialized by pin-entry's
-- own lock on the device's budget row.
create table alert_denials (
  device_id int primary key references devices on delete cascade,
  window_start timestamptz not null,
  denials int not null
);

alter table journal drop constraint journal_target_type_check;
alter table journal add constraint journal_target_type_check check (target_type in
  ('organization', 'user', 'location', 'floor', 'room', 'door', 'device', 'credential', 'session',
   'lockdown', 'group', 'group_member', 'schedule', 'calendar', 'access_rule', 'person_pin',
   'door_mode', 'door_override', 'snow_day', 'device_mode', 'alert_rule', 'incident'))
  not valid;

-- Who may read and write them (src/contract/permissions.ts, decision 021): administrators all;
-- organization administrators in their organization; staff read rules and handle incidents at the
-- desk; auditors read both.
update roles set permissions = array(select distinct p from unnest(permissions
  || '{alert_rules:read,alert_rules:update,incidents:read,incidents:update}'::text[]) p order by p)
  where role = 'admin';
update roles set permissions = array(select distinct p from unnest(permissions
  || '{alert_rules:read:org,alert_rules:update:org,incidents:read:org,incidents:update:org}'::text[]) p order by p)
  where role = 'org_admin';
update roles set permissions = array(select distinct p from unnest(permissions
  || '{alert_rules:read:org,incidents:read:org,incidents:update:org}'::text[]) p order by p)
  where role = 'staff';
update roles set permissions = array(select distinct p from unnest(permissions
  || '{alert_rules:read:org,incidents:read:org}'::text[]) p order by p)
  where role = 'auditor';
update users set permissions = array(select distinct p from unnest(permissions
  || '{alert_rules:read,alert_rules:update,incidents:read,incidents:update}'::text[]) p order by p)
  where 'admin' = any(roles);
update users set permissions = array(select distinct p from unnest(permissions
  || '{alert_rules:read:org,alert_rules:update:org,incidents:read:org,incidents:update:org}'::text[]) p order by p)
  where 'org_admin' = any(roles);
update users set permissions = array(select distinct p from unnest(permissions
  || '{alert_rules:read:org,incidents:read:org,incidents:update:org}'::text[]) p order by p)
  where 'staff' = any(roles);
update users set permissions = array(select distinct p from unnest(permissions
  || '{alert_rules:read:org,incidents:read:org}'::text[]) p order by p)
  where 'auditor' = any(roles);
