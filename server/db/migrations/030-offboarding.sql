-- The leaver (issue 66, decision 074): an admin may withdraw an address's confirmation, which holds
-- password-reset mail to it until an admin confirms it again or an invite link is followed; and an
-- offboarding keeps what it ended, so it can be undone within ten minutes.

-- When an admin cleared "e-mail confirmed": while set, no reset mail goes to the address.
alter table users add column email_withdrawn_at timestamptz;

-- One row per offboarding. `credentials` and `memberships` are the rows as they were before it
-- (a credential's window and PIN, a membership's window), which an undo writes back; `was_disabled`
-- is whether the account was disabled already. No undo after `undo_until`.
create table offboardings (
  offboarding_id serial primary key,
  user_id int not null references users on delete cascade,
  organization_id int not null references organizations,
  at timestamptz not null,
  undo_until timestamptz not null,
  actor_id int,
  request_id text,
  was_disabled boolean not null,
  sessions_ended int not null,
  credentials jsonb not null,
  memberships jsonb not null,
  undone_at timestamptz
);
create index offboardings_user on offboardings (user_id, offboarding_id);
