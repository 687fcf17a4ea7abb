-- "Who could open" rewinds the access model too (decision 067): memberships in SQL, rules,
-- schedules, calendars, groups and the places' zones in JavaScript. Their entries (migration 018)
-- fell into the default partition with every other kind's, so each of those rewinds searched the
-- memberships' tens of thousands of entries for its handful. Memberships get a table of their own,
-- the model's other kinds one together; locations and organizations (their zones) keep the default,
-- now small. The entries already written move to their new tables; the partitioned indexes follow.
create temporary table journal_before_moving on commit drop as
  select * from journal_before_other
  where target_type in ('group_member', 'group', 'schedule', 'calendar', 'access_rule');
delete from journal_before_other
  where target_type in ('group_member', 'group', 'schedule', 'calendar', 'access_rule');
create table journal_before_group_member partition of journal_before
  for values in ('group_member');
create table journal_before_access_model partition of journal_before
  for values in ('group', 'schedule', 'calendar', 'access_rule');
insert into journal_before select * from journal_before_moving;
