-- Every order GET /org/v1/users offers, for every organization and within one, is an index: a
-- window is then read along it from the nearer end (server/http/list.ts) instead of sorting every
-- user. Each index ends in user_id, the tiebreak that makes the order total.
create index users_sort_username on users (lower(username), user_id);
create index users_sort_email on users (lower(email), user_id);
create index users_sort_first_name on users (lower(first_name), user_id);
create index users_sort_last_name on users (lower(last_name), user_id);
create index users_sort_created on users (created_at, user_id);
create index users_org_username on users (organization_id, lower(username), user_id);
create index users_org_email on users (organization_id, lower(email), user_id);
create index users_org_first_name on users (organization_id, lower(first_name), user_id);
create index users_org_last_name on users (organization_id, lower(last_name), user_id);
create index users_org_created on users (organization_id, created_at, user_id);
