-- The audit log paged by any sortable column, and searched, at any start (docs/scale.md).
-- Every column people sort or search by holds few distinct values (actors, device names, commands,
-- results), so the rank of a row in (column, audit_id) order is found from counts, not by walking
-- an OFFSET: how many rows each value has, and per value how many fall in each block of 1024
-- audit_ids. Scope 0 counts every organization, any other scope one organization.
create table audit_value_counts (
  scope_id int not null,
  col text not null,
  value text not null,
  n int not null,
  primary key (scope_id, col, value)
);

create table audit_value_blocks (
  scope_id int not null,
  col text not null,
  value text not null,
  block int not null, -- audit_id >> 10
  n int not null,
  primary key (scope_id, col, value, block)
);

-- user_id is counted as zero-padded text, so text order is numeric order under any collation.
-- Kept by the inserting statement, inside the audit row's own transaction (the log is append-only).
create function audit_counts_add() returns trigger language plpgsql as $$
begin
  insert into audit_value_counts (scope_id, col, value, n)
  select s.scope_id, v.col, v.value, count(*)
  from added a
  cross join lateral (values (0), (a.organization_id)) s(scope_id)
  cross join lateral (values ('user_id', lpad(a.user_id::text, 10, '0')), ('device_name', a.device_name),
  ('command', a.command), ('result', a.result), ('actor_email', a.actor_email)) v(col, value)
  group by 1, 2, 3
  on conflict (scope_id, col, value) do update set n = audit_value_counts.n + excluded.n;
  insert into audit_value_blocks (scope_id, col, value, block, n)
  select s.scope_id, v.col, v.value, a.audit_id >> 10, count(*)
  from added a
  cross join lateral (values (0), (a.organization_id)) s(scope_id)
  cross join lateral (values ('user_id', lpad(a.user_id::text, 10, '0')), ('device_name', a.device_name),
  ('command', a.command), ('result', a.result), ('actor_email', a.actor_email)) v(col, value)
  group by 1, 2, 3, 4
  on conflict (scope_id, col, value, block) do update set n = audit_value_blocks.n + excluded.n;
  return null;
end $$;

create trigger device_audits_counts after insert on device_audits
  referencing new table as added for each statement execute function audit_counts_add();

-- Recounts everything: per organization with one pass per column, then every organization from
-- those (the seed's bulk load uses it too; far cheaper than the trigger's form on a million rows).
create function audit_counts_rebuild() returns void language plpgsql as $$
begin
  delete from audit_value_blocks;
  delete from audit_value_counts;
  insert into audit_value_blocks (scope_id, col, value, block, n)
  select organization_id, 'user_id', lpad(user_id::text, 10, '0'), audit_id >> 10, count(*)
  from device_audits group by 1, 3, 4;
  insert into audit_value_blocks (scope_id, col, value, block, n)
  select organization_id, 'device_name', device_name, audit_id >> 10, count(*)
  from device_audits group by 1, 3, 4;
  insert into audit_value_blocks (scope_id, col, value, block, n)
  select organization_id, 'command', command, audit_id >> 10, count(*)
  from device_audits group by 1, 3, 4;
  insert into audit_value_blocks (scope_id, col, value, block, n)
  select organization_id, 'result', result, audit_id >> 10, count(*)
  from device_audits group by 1, 3, 4;
  insert into audit_value_blocks (scope_id, col, value, block, n)
  select organization_id, 'actor_email', actor_email, audit_id >> 10, count(*)
  from device_audits group by 1, 3, 4;
  -- Organization ids start at 1: scope 0 is free for the sum over all of them.
  insert into audit_value_blocks (scope_id, col, value, block, n)
  select 0, col, value, block, sum(n) from audit_value_blocks group by 2, 3, 4;
  insert into audit_value_counts (scope_id, col, value, n)
  select scope_id, col, value, sum(n) from audit_value_blocks group by 1, 2, 3;
end $$;

select audit_counts_rebuild();

-- A page starts at a row found from the counts and reads on in (column, audit_id) order.
create index device_audits_device_name on device_audits (device_name, audit_id);
create index device_audits_command on device_audits (command, audit_id);
create index device_audits_result on device_audits (result, audit_id);
create index device_audits_actor_email on device_audits (actor_email, audit_id);
create index device_audits_org_user on device_audits (organization_id, user_id, audit_id);
create index device_audits_org_device_name on device_audits (organization_id, device_name, audit_id);
create index device_audits_org_command on device_audits (organization_id, command, audit_id);
create index device_audits_org_result on device_audits (organization_id, result, audit_id);
create index device_audits_org_actor_email on device_audits (organization_id, actor_email, audit_id);
