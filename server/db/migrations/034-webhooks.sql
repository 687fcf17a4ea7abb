-- Webhooks (issue 68, decision 081).

-- An organization's endpoint. Its secret signs every delivery, so it is kept, sealed under
-- MFA_ENCRYPTION_KEY with the endpoint's id as associated data (server/auth/secret-box.ts); during
-- a rotation the previous one signs beside it until previous_secret_until. failing_since is the
-- first failed attempt since the last success: five days of it disable the endpoint.
create table webhooks (
  webhook_id serial primary key,
  organization_id int not null references organizations on delete cascade,
  url text not null,
  description text not null default '',
  event_types text[] not null,
  enabled boolean not null default true,
  disabled_reason text check (disabled_reason in ('person', 'failing')),
  disabled_at timestamptz,
  secret_sealed text not null,
  previous_secret_sealed text,
  previous_secret_until timestamptz,
  secret_rotated_at timestamptz,
  failing_since timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint webhooks_disabled check (enabled = (disabled_reason is null))
);
create index webhooks_org on webhooks (organization_id) where enabled;

-- One message per endpoint and event (or ping), written in the event's transaction. message_id is
-- its `webhook-id`, the same on every attempt and on "Send again", so receivers drop duplicates.
-- The delivery job claims due pending rows with a lease (FOR UPDATE SKIP LOCKED); `step` is the
-- retry schedule's position. payload is the exact body sent, so every attempt signs the same bytes.
create table webhook_messages (
  message_id text primary key,
  webhook_id int not null references webhooks on delete cascade,
  event_id bigint references events on delete set null,
  message_type text not null,
  payload text not null,
  state text not null default 'pending' check (state in ('pending', 'delivered', 'failed')),
  step int not null default 0,
  next_attempt_at timestamptz,
  claimed_by text,
  lease_until timestamptz,
  created_at timestamptz not null,
  constraint webhook_messages_due check ((state = 'pending') = (next_attempt_at is not null))
);
create index webhook_messages_due on webhook_messages (next_attempt_at) where state = 'pending';
create index webhook_messages_endpoint on webhook_messages (webhook_id, state);

-- The per-attempt log: what the endpoint answered (status, latency, the first 1 KB) or why not.
create table webhook_attempts (
  attempt_id bigserial primary key,
  message_id text not null references webhook_messages on delete cascade,
  webhook_id int not null references webhooks on delete cascade,
  attempted_at timestamptz not null,
  outcome text not null
    check (outcome in ('delivered', 'http_error', 'timeout', 'connection', 'address_refused')),
  status int,
  latency_ms int not null,
  response text not null default '',
  error text not null default ''
);
create index webhook_attempts_endpoint on webhook_attempts (webhook_id, attempt_id desc);
create index webhook_attempts_message on webhook_attempts (message_id, attempt_id desc);

alter table journal drop constraint journal_target_type_check;
alter table journal add constraint journal_target_type_check check (target_type in
  ('organization', 'user', 'location', 'floor', 'room', 'door', 'device', 'credential', 'session',
   'lockdown', 'group', 'group_member', 'schedule', 'calendar', 'access_rule', 'person_pin',
   'door_mode', 'door_override', 'snow_day', 'device_mode', 'alert_rule', 'incident', 'webhook'))
  not valid;

-- Who may read and write them (src/contract/permissions.ts, decision 021): administrators all;
-- organization administrators in their organization; staff and auditors read them there.
update roles set permissions = array(select distinct p from unnest(permissions
  || '{webhooks:read,webhooks:update}'::text[]) p order by p)
  where role = 'admin';
update roles set permissions = array(select distinct p from unnest(permissions
  || '{webhooks:read:org,webhooks:update:org}'::text[]) p order by p)
  where role = 'org_admin';
update roles set permissions = array(select distinct p from unnest(permissions
  || '{webhooks:read:org}'::text[]) p order by p)
  where role in ('staff', 'auditor');
update users set permissions = array(select distinct p from unnest(permissions
  || '{webhooks:read,webhooks:update}'::text[]) p order by p)
  where 'admin' = any(roles);
update users set permissions = array(select distinct p from unnest(permissions
  || '{webhooks:read:org,webhooks:update:org}'::text[]) p order by p)
  where 'org_admin' = any(roles);
update users set permissions = array(select distinct p from unnest(permissions
  || '{webhooks:read:org}'::text[]) p order by p)
  where 'staff' = any(roles) or 'auditor' = any(roles);
