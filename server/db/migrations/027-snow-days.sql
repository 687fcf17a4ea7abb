-- Snow days through the API (decision 071): journaled as their own target; and the locks on a door
-- found by their assignment, which every door-mode read and the mode job's plan ask for.

alter table journal drop constraint journal_target_type_check;
alter table journal add constraint journal_target_type_check check (target_type in
  ('organization', 'user', 'location', 'floor', 'room', 'door', 'device', 'credential', 'session',
   'lockdown', 'group', 'group_member', 'schedule', 'calendar', 'access_rule', 'person_pin',
   'door_mode', 'door_override', 'snow_day'))
  not valid;

create index devices_assignment on devices (assignment_type, assignment_id);
