-- A user holds exactly the permissions on their row; a role is the preset the console fills them
-- from (docs/decisions/021-permissions-are-the-users-own.md). Until now the roles' permissions were
-- added on top, so fold them into each row once: nobody gains or loses a right by this migration.
update users u set permissions = array(
  select p from (
    select unnest(r.permissions) as p from roles r where r.role = any(u.roles)
    union select unnest(u.permissions)
  ) x order by p);
