-- The journal's two one-row heads (the chain's, migration 013, and the rewind entries',
-- journal_before_head, migration 018) are written once per transaction, at its commit, not once per
-- statement (docs/journal.md). A transaction that writes the journal one statement at a time (the
-- credentials import: each row under its savepoint, its own journal row) updated both once per row;
-- each update leaves a row version the transaction must step over on the next read, so a journal
-- row's statement took 10 ms on the embedded database at the 1,000th row and 20 ms at the 2,000th.
-- Now each head's value stays in a transaction-local setting to the end of the transaction: the
-- first journal row takes the heads' row locks and reads them, every later statement goes on from
-- the settings, and a deferred constraint trigger, queued by that first row alone, writes the
-- settings into the heads at commit. A row rolled back to a savepoint takes its settings with it.
-- The chain, the locks (held to the end of the transaction), the hashes and the entries are as
-- before.
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
  if memo is null or memo = '' then
    perform set_config('journal.first', new.journal_id::text, true);
  end if;
  perform set_config('journal.chain', new.journal_id || '|' || new.hash || '|' || new.at, true);
  return new;
end $$;

drop trigger journal_chain_head on journal;
drop function journal_chain_head();

create function journal_heads_at_commit() returns trigger language plpgsql as $$
declare
  memo text := current_setting('journal.chain', true);
  covered text := current_setting('journal.before', true);
begin
  update journal_head set journal_id = split_part(memo, '|', 1)::bigint,
    hash = split_part(memo, '|', 2), at = split_part(memo, '|', 3)::timestamptz;
  if covered is not null and covered <> '' then
    update journal_before_head set journal_id = covered::bigint;
  end if;
  return null;
end $$;
create constraint trigger journal_heads_at_commit after insert on journal
  deferrable initially deferred for each row
  when (new.journal_id::text = current_setting('journal.first', true))
  execute function journal_heads_at_commit();

-- As in migration 018, but the rows covered so far in this transaction are kept in a setting:
-- written into journal_before_head at commit when a journal row of this transaction queued the
-- trigger above, else (a call on its own, rows a bulk load wrote with the chain's trigger off) at
-- once.
create or replace function journal_before_catch_up() returns bigint language plpgsql as $$
declare
  memo text := current_setting('journal.before', true);
  covered bigint;
  last_id bigint;
  mode text;
begin
  if memo is null or memo = '' then
    select journal_id into covered from journal_before_head for update;
  else
    covered := memo::bigint;
  end if;
  select max(journal_id) into last_id from journal;
  if last_id is null or last_id <= covered then
    return 0;
  end if;
  mode := current_setting('plan_cache_mode');
  -- Planned for its rows when there are many, or when this transaction has journaled before (a CSV
  -- import, a row a statement): the generic plan, made for an API write's few rows, slowed with
  -- every statement of such a transaction (1,000 rows: 10 ms a journal row, against 1.3 ms).
  perform set_config('plan_cache_mode',
    case when last_id - covered > 64 or memo <> '' then 'force_custom_plan'
      else 'force_generic_plan' end, true);
  perform journal_before_from(covered + 1, last_id);
  perform set_config('plan_cache_mode', mode, true);
  if coalesce(current_setting('journal.first', true), '') = '' then
    update journal_before_head set journal_id = last_id;
  else
    perform set_config('journal.before', last_id::text, true);
  end if;
  return last_id - covered;
end $$;
