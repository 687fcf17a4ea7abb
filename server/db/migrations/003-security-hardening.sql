-- Security hardening (issues 17 and 19; the rules are in docs/security.md).

-- A password reset raises the generation; access tokens carry it, so older ones stop at once.
alter table users add column session_epoch int not null default 0;

-- A set-password or reset link belongs to the address it was sent to: consuming it checks that
-- the user's address is still that one.
alter table password_tokens add column channel text not null default 'email';
alter table password_tokens add column sent_to text not null default '';
update password_tokens t set sent_to = u.email from users u where u.user_id = t.user_id;
create index password_tokens_user on password_tokens (user_id) where used_at is null;

-- Usernames and e-mails form one sign-in namespace (trimmed, case-folded): a name reaches one
-- account. Existing clashes keep the older account's claim (lowest user_id), so sign-in is
-- deterministic even for data written before this rule.
create table sign_in_names (
  name text primary key,
  user_id int not null references users on delete cascade
);
create index sign_in_names_user on sign_in_names (user_id);
insert into sign_in_names (name, user_id)
select name, user_id from (
  select user_id, lower(btrim(username)) as name from users
  union all
  select user_id, lower(btrim(email)) from users
) names
order by user_id
on conflict do nothing;

create function users_sign_in_names() returns trigger language plpgsql as $$
begin
  delete from sign_in_names where user_id = new.user_id;
  -- A clash with another account raises unique_violation (23505): the write fails as a conflict.
  insert into sign_in_names (name, user_id)
  select distinct name, new.user_id
  from unnest(array[lower(btrim(new.username)), lower(btrim(new.email))]) as name;
  return null;
end $$;
create trigger users_sign_in_names after insert or update of username, email on users
  for each row execute function users_sign_in_names();

-- Sign-in budgets, shared by every server on this database: one row per account (`user:<id>`),
-- per unknown name (`name:<name>`) and per device cookie (`device:<nonce>`).
create table sign_in_budget (
  budget_key text primary key,
  attempts int not null,
  locked_until timestamptz,
  updated_at timestamptz not null default now()
);
create index sign_in_budget_updated on sign_in_budget (updated_at);

-- Reset mails per address and per account in a window are counted from the outbox.
create index outbox_recipient on outbox (lower(recipient), created_at);
create index outbox_user on outbox (user_id, created_at);

-- Upload quotas are summed per user.
create index uploads_user on uploads (user_id);

-- Data of one organization stays in it. Floors, rooms and doors follow their location's
-- organization through composite foreign keys that cascade a move; a device refers to its
-- location with its organization and blocks the move (no action), so a location that still holds
-- devices cannot change organization, and a device cannot be written under a location of another
-- organization, even by requests racing the move. The devices key is added NOT VALID: rows left
-- inconsistent by the old move are not rewritten here (docs/security.md), new writes are checked.
alter table locations add constraint locations_id_org unique (location_id, organization_id);
alter table floors add constraint floors_id_org unique (floor_id, organization_id);
alter table rooms add constraint rooms_id_org unique (room_id, organization_id);
alter table floors add constraint floors_location_org foreign key (location_id, organization_id)
  references locations (location_id, organization_id) on update cascade;
alter table rooms add constraint rooms_floor_org foreign key (floor_id, organization_id)
  references floors (floor_id, organization_id) on update cascade;
alter table doors add constraint doors_room_org foreign key (room_id, organization_id)
  references rooms (room_id, organization_id) on update cascade;
alter table devices add constraint devices_location_org foreign key (location_id, organization_id)
  references locations (location_id, organization_id) not valid;

-- A credential belongs to the organization of what it opens. Checked on every write with the
-- door, location or device locked for share, so a credential written while its door moves to
-- another organization fails instead of keeping the old organization's access.
create function credentials_same_organization() returns trigger language plpgsql as $$
declare
  owner int;
begin
  if new.assignment_type = 'door' then
    select organization_id into owner from doors where door_id = new.assignment_id for share;
  elsif new.assignment_type = 'location' then
    select organization_id into owner from locations where location_id = new.assignment_id
      for share;
  elsif new.assignment_type = 'device' then
    select organization_id into owner from devices where device_id = new.assignment_id for share;
  end if;
  if owner is distinct from new.organization_id then
    raise foreign_key_violation using message = format(
      'credential of organization %s on a %s of organization %s',
      new.organization_id, new.assignment_type, owner);
  end if;
  return new;
end $$;
create trigger credentials_same_organization before insert or update on credentials
  for each row execute function credentials_same_organization();
