-- The X-Request-Id of the request that wrote an audit row (server/http/request-id.ts), to find its
-- log lines. Rows written before have none. Nullable without a default: no rewrite of the table.
alter table device_audits
  add column request_id text
  constraint device_audits_request_id check (request_id ~ '^[A-Za-z0-9._-]{1,128}$');
