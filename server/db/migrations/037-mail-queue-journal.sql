-- The mail queue for operators (decision 087): "Send again" of a failed message is journaled as a
-- change of that outbox row, target type `mail`. As in migration 034 otherwise.
alter table journal drop constraint journal_target_type_check;
alter table journal add constraint journal_target_type_check check (target_type in
  ('organization', 'user', 'location', 'floor', 'room', 'door', 'device', 'credential', 'session',
   'lockdown', 'group', 'group_member', 'schedule', 'calendar', 'access_rule', 'person_pin',
   'door_mode', 'door_override', 'snow_day', 'device_mode', 'alert_rule', 'incident', 'webhook',
   'mail'))
  not valid;
