-- "Who can open this?" computed in the database (decision 052, docs/journal.md): a door with
-- 10,000 credentials answered from 10,000 rows decoded in the server took half a second on PGlite.
-- These functions are plain SQL, so the planner inlines them into the statement that uses them.

-- The minute of the day of an instant on the wall clock of an IANA zone.
create function wall_minute(instant timestamptz, zone text) returns int
language sql stable as $$
  select (extract(hour from instant at time zone zone) * 60
        + extract(minute from instant at time zone zone))::int
$$;

-- Whether a repetition holds on a weekday ('mon' … 'sun'): daily, or weekly with that day.
create function repeats_on(repetition jsonb, day text) returns boolean
language sql immutable as $$
  select repetition->>'type' = 'daily' or coalesce(repetition->'weekdays' @> to_jsonb(day), false)
$$;

-- When a credential opens (the credential form's fields): inside [start, end) — a permanent one
-- has no end — and, when it repeats, from the start's to the end's time of day on the wall clock of
-- `zone`, on its days. A window whose end time is not after its start time runs overnight and
-- belongs to the day it starts on; an open-ended repeating one runs from its start time to midnight.
create function opens_at(
  start_at timestamptz, end_at timestamptz, permanent boolean, repetition jsonb,
  instant timestamptz, zone text
) returns boolean
language sql stable as $$
  select instant >= start_at
    and (permanent or end_at is null or instant < end_at)
    and (repetition is null or jsonb_typeof(repetition) = 'null' or (
      case
        when wall_minute(start_at, zone)
           < (case when permanent or end_at is null then 1440 else wall_minute(end_at, zone) end)
          then repeats_on(repetition, to_char(instant at time zone zone, 'dy'))
           and wall_minute(instant, zone) >= wall_minute(start_at, zone)
           and wall_minute(instant, zone)
             < (case when permanent or end_at is null then 1440 else wall_minute(end_at, zone) end)
        -- Overnight: the evening part is that day's, the early-morning part the day before's.
        when wall_minute(instant, zone) >= wall_minute(start_at, zone)
          then repeats_on(repetition, to_char(instant at time zone zone, 'dy'))
        else wall_minute(instant, zone) < wall_minute(end_at, zone)
          and repeats_on(repetition, to_char(instant at time zone zone - interval '1 day', 'dy'))
      end))
$$;

-- What the journal says changed after `since` about objects of one kind: per object, its first
-- action after the moment and its fields' values then (the `before` of each field's first change).
-- Time order is id order (migration 013): the rows after the moment are an id range, found along
-- the time index; none (the answer for now) costs one index probe.
create function journal_rewind(kind text, since timestamptz)
returns table (target_id bigint, first_action text, before jsonb)
language sql stable as $$
  select a.target_id,
    (array_agg(a.action order by a.journal_id))[1],
    -- Newest first into the object, so the oldest change's `before` is the one a key keeps.
    jsonb_object_agg(e.key, e.value->0 order by a.journal_id desc) filter (where e.key is not null)
  from journal a left join lateral jsonb_each(a.changes) e on true
  where a.target_type = kind and a.journal_id >= (
    select f.journal_id from journal f where f.at > since order by f.at, f.journal_id limit 1)
  group by a.target_id
$$;
