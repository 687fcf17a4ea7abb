-- An audit entry's detail as a code and parameters beside its English words, so a client says it in
-- its own language (docs/decisions/042-server-words-as-codes.md). Rows written before are read back
-- from the three sentences the server has ever written.
alter table device_audits
  add column detail_code text,
  add column detail_params jsonb not null default '{}';

update device_audits set detail_code = 'device_not_connected'
where detail = 'Device is not connected';

update device_audits
set detail_code = 'capability_missing',
    detail_params = jsonb_build_object('capability', substr(detail, 29))
where detail like 'Device lacks the capability %';

update device_audits
set detail_code = 'pin_window',
    detail_params = jsonb_build_object(
      'start', split_part(substr(detail, 7), ' to ', 1),
      'end', split_part(substr(detail, 7), ' to ', 2))
where detail like 'Valid % to %';

alter table device_audits add constraint device_audits_detail_code
  check (detail_code in ('device_not_connected', 'capability_missing', 'pin_window'));
