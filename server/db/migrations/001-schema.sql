-- The reference server's schema. Ids are int4 (serial): the API speaks JSON numbers.

create table settings (
  key text primary key,
  value text not null
);

create table organizations (
  organization_id serial primary key,
  name text not null,
  description text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- A client belongs to exactly one organization ("Client already exists!" across organizations).
create table organization_clients (
  client_id text primary key,
  organization_id int not null references organizations on delete cascade,
  position int not null
);
create index organization_clients_org on organization_clients (organization_id, position);

create table roles (
  role text primary key,
  position int not null,
  permissions text[] not null
);

create table users (
  user_id serial primary key,
  organization_id int not null references organizations,
  username text not null,
  email text not null,
  title text,
  first_name text not null default '',
  last_name text not null default '',
  phone_number text,
  notes text not null default '',
  roles text[] not null,
  permissions text[] not null default '{}',
  client_ids text[] not null default '{}',
  password_hash text,
  disabled boolean not null default false,
  email_confirmed boolean not null default false,
  phone_confirmed boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index users_username on users (lower(username));
create unique index users_email on users (lower(email));
create index users_org on users (organization_id, user_id);

create table refresh_tokens (
  token_id text primary key,
  family_id text not null,
  user_id int not null references users on delete cascade,
  secret_hash text not null,
  family_expires_at timestamptz not null,
  used_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz not null default now()
);
create index refresh_tokens_family on refresh_tokens (family_id);

create table password_tokens (
  token_hash text primary key,
  user_id int not null references users on delete cascade,
  purpose text not null,
  expires_at timestamptz not null,
  used_at timestamptz
);

create table outbox (
  message_id serial primary key,
  created_at timestamptz not null default now(),
  workflow text not null,
  channel text not null,
  recipient text not null,
  subject text not null,
  body text not null,
  link text,
  user_id int
);

create table uploads (
  name text primary key,
  content_type text not null,
  size int not null,
  bytes bytea not null,
  user_id int,
  created_at timestamptz not null default now()
);

create table locations (
  location_id serial primary key,
  organization_id int not null references organizations,
  name text not null,
  street text not null default '',
  number text not null default '',
  postal_code text not null default '',
  locality text not null default '',
  description text not null default '',
  image_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index locations_org on locations (organization_id, location_id);

create table floors (
  floor_id serial primary key,
  location_id int not null references locations on delete cascade,
  organization_id int not null,
  name text not null,
  position int not null,
  plan_image_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index floors_location on floors (location_id, position);

create table rooms (
  room_id serial primary key,
  floor_id int not null references floors on delete cascade,
  location_id int not null,
  organization_id int not null,
  name text not null,
  description text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index rooms_floor on rooms (floor_id);

create table doors (
  door_id serial primary key,
  room_id int not null references rooms on delete cascade,
  floor_id int not null,
  location_id int not null,
  organization_id int not null,
  name text not null,
  description text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index doors_room on doors (room_id);
create index doors_location on doors (location_id);

create table device_types (
  device_type_id text primary key,
  description text not null,
  battery_powered boolean not null,
  default_capabilities text[] not null
);

create table manufacturers (
  manufacturer_id serial primary key,
  name text not null unique
);

create table capabilities (
  capability_id text primary key,
  description text not null
);

create table devices (
  device_id serial primary key,
  organization_id int not null references organizations,
  name text not null,
  description text not null default '',
  device_type_id text not null references device_types,
  manufacturer_id int not null references manufacturers,
  device_id_manufacturer text not null,
  capabilities text[] not null,
  connected boolean not null default true,
  battery_level int,
  lock_state text,
  assignment_type text not null,
  assignment_id int not null,
  location_id int not null references locations,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (manufacturer_id, device_id_manufacturer)
);
create index devices_org on devices (organization_id, device_id);
create index devices_location on devices (location_id);

create table credentials (
  credential_id serial primary key,
  organization_id int not null references organizations,
  user_id int not null references users on delete cascade,
  assignment_type text not null,
  assignment_id int not null,
  start_datetime timestamptz not null,
  end_datetime timestamptz,
  exclusive boolean not null default false,
  permanent boolean not null default false,
  repetition jsonb,
  pin text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index credentials_org on credentials (organization_id, credential_id);
create index credentials_assignment on credentials (assignment_type, assignment_id);

-- The audit log is append-only. audit_id is dense (1..n, no gaps) because it comes from a counter
-- row updated in the inserting transaction, not from a sequence (sequences leave gaps on rollback).
-- org_seq is the same per organization. Dense numbers turn "page at start s, newest first" into
-- an index range: audit_id <= total - s, instead of an OFFSET that walks s rows.
create table audit_counters (
  scope_id int primary key, -- 0: all organizations; otherwise an organization_id
  n int not null
);

create table device_audits (
  audit_id int primary key,
  org_seq int not null,
  created_at timestamptz not null default now(),
  device_id int not null,
  device_name text not null,
  device_type_id text not null,
  location_id int,
  command text not null,
  result text not null,
  detail text not null,
  user_id int not null,
  actor_email text not null,
  organization_id int not null
);
create unique index device_audits_org_seq on device_audits (organization_id, org_seq);
create index device_audits_created on device_audits (created_at, audit_id);
create index device_audits_user on device_audits (user_id, audit_id);
