-- The chain head is written once per statement, not twice per row (docs/journal.md). Each update
-- of journal_head leaves a row version the writing transaction must step over on the next read,
-- so a transaction that appended thousands of rows one after another (a CSV import) slowed down
-- with every row. Now the first row of a statement takes the head's row lock and reads it, the
-- rows after it chain on from a transaction-local setting, and one statement-level trigger writes
-- the statement's last row into the head and clears the setting. The chain, the lock (held to the
-- end of the transaction) and the hashes are as before.
create or replace function journal_chain() returns trigger language plpgsql as $$
declare
  memo text := current_setting('journal.chain', true);
  prev_id bigint;
  prev_hash text;
  prev_at timestamptz;
begin
  if memo is null or memo = '' then
    select journal_id, hash, at into prev_id, prev_hash, prev_at from journal_head for update;
  else
    prev_id := split_part(memo, '|', 1)::bigint;
    prev_hash := split_part(memo, '|', 2);
    prev_at := split_part(memo, '|', 3)::timestamptz;
  end if;
  new.journal_id := prev_id + 1;
  new.prev_hash := prev_hash;
  -- Never before the previous row: time order is id order, and the at index pages like the id.
  new.at := greatest(clock_timestamp(), prev_at);
  new.hash := journal_hash(new);
  perform set_config('journal.chain', new.journal_id || '|' || new.hash || '|' || new.at, true);
  return new;
end $$;

create function journal_chain_head() returns trigger language plpgsql as $$
begin
  update journal_head h set journal_id = l.journal_id, hash = l.hash, at = l.at
    from (select journal_id, hash, at from appended order by journal_id desc limit 1) l;
  perform set_config('journal.chain', '', true);
  return null;
end $$;
create trigger journal_chain_head after insert on journal
  referencing new table as appended for each statement execute function journal_chain_head();
