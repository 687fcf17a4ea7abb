-- The keypad that asks the server (decision 066): its answers and a device's own reports are
-- audit rows with their codes; when a device's secret was made is journaled; a person's direct
-- credentials are found by person, so a PIN typed at a door holding 10,000 credentials reads only
-- that person's.

alter table device_audits drop constraint device_audits_detail_code;
alter table device_audits add constraint device_audits_detail_code
  check (detail_code in ('device_not_connected', 'capability_missing', 'pin_window', 'lockdown',
    'lockdown_lock', 'lockdown_override', 'access_granted', 'access_denied', 'battery_level'))
  not valid;

alter table devices add column secret_made_at timestamptz;

create index credentials_user on credentials (user_id, credential_id);
