-- Credentials on the locks (decision 073): what each lock holds of each credential, the ordered
-- queue of changes the lock sync job applies, offline codes made by a lock's algorithm, and the
-- lock's offline key version whose rotation invalidates every code of the lock.

alter table devices add column offline_key_version int not null default 1;
alter table devices add column offline_key_rotated_at timestamptz;

-- One row per credential and lock that holds or held it. No foreign key to credentials: a deleted
-- credential's removal from the lock is shown until it is done. `wanted`: whether the lock must
-- hold it; `content` is the window it holds or is to hold (a change of window is a new put).
create table lock_holdings (
  credential_id int not null,
  device_id int not null references devices on delete cascade,
  organization_id int not null references organizations,
  user_id int,
  state text not null check (state in ('pending', 'on_lock', 'failed', 'removing', 'removed')),
  wanted boolean not null,
  reason text,
  content text not null default '',
  updated_at timestamptz not null default now(),
  primary key (credential_id, device_id),
  constraint lock_holdings_reason check ((state = 'failed') = (reason is not null))
);
create index lock_holdings_device on lock_holdings (device_id, credential_id);
create index lock_holdings_unsettled on lock_holdings (credential_id)
  where state not in ('on_lock', 'removed');

-- The changes a lock takes, in change_id order per lock. `applications` counts how often a lock
-- took the change: the job's idempotence is that it never exceeds 1.
create table lock_changes (
  change_id bigserial primary key,
  device_id int not null references devices on delete cascade,
  credential_id int not null,
  kind text not null check (kind in ('put', 'remove', 'withdraw_code')),
  code_id int,
  state text not null default 'queued' check (state in ('queued', 'applied')),
  -- Set by the job when it first sees the change: the lock takes it after a short random delay.
  due_at timestamptz,
  attempts int not null default 0,
  applications int not null default 0,
  applied_at timestamptz,
  applied_by text,
  -- The order locks took changes in, across every lock: a lock's own follow its change_id.
  applied_seq bigint,
  created_at timestamptz not null default now(),
  constraint lock_changes_code check ((kind = 'withdraw_code') = (code_id is not null))
);
create sequence lock_changes_applied_seq;
create index lock_changes_queued on lock_changes (device_id, change_id) where state = 'queued';
create index lock_changes_credential on lock_changes (credential_id, device_id);

-- An offline code, derived by the lock's algorithm from its key (version) and the credential and
-- window. `withdrawn`: null while the lock honours it, `queued` while its withdrawal waits for the
-- lock, `on_lock` once the lock refuses it. A rotated key ends every code of an older version.
create table offline_codes (
  code_id serial primary key,
  credential_id int not null,
  organization_id int not null references organizations,
  device_id int not null references devices on delete cascade,
  key_version int not null,
  digits text not null,
  valid_from timestamptz not null,
  valid_until timestamptz not null,
  audit_id int,
  withdrawn text check (withdrawn in ('queued', 'on_lock')),
  created_at timestamptz not null default now(),
  constraint offline_codes_window check (valid_until > valid_from)
);
create index offline_codes_credential on offline_codes (credential_id);
create index offline_codes_device on offline_codes (device_id, digits);
create index offline_codes_live_until on offline_codes (valid_until) where withdrawn is null;

-- A server's claim on a lock's queue, with a lease: another server takes the lock once it ends.
create table lock_sync_claims (
  device_id int primary key references devices on delete cascade,
  claimed_by text not null,
  lease_until timestamptz not null
);
