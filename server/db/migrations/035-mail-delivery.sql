-- E-mail through SMTP outside demo mode (decision 084): the outbox is also the queue a server sends
-- from. A message is written `pending` in its cause's transaction; the mail job settles it:
-- `mailbox` (demo mode: /dev/outbox is where it is read), `sent` (the SMTP server took it),
-- `failed` (refused for good, or its retries spent) or `off` (no mail server set). A temporary
-- failure leaves it pending until next_attempt_at, on the server's clock. A server claims rows with
-- a lease (FOR UPDATE SKIP LOCKED): one killed mid-send leaves them to another once it runs out.
alter table outbox
  add column delivery text not null default 'mailbox'
    check (delivery in ('pending', 'mailbox', 'sent', 'failed', 'off')),
  add column attempts int not null default 0,
  add column next_attempt_at timestamptz,
  add column claimed_by text,
  add column lease_until timestamptz,
  add column settled_at timestamptz,
  add column last_error text not null default '';
-- Rows from before stay as they were: read in the demo mailbox, never sent.
alter table outbox alter column delivery set default 'pending';
create index outbox_pending on outbox (message_id) where delivery = 'pending';
