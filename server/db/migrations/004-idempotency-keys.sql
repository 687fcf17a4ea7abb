-- A device command or PIN sent with an Idempotency-Key runs once per user and key: the first
-- request claims the key in its own transaction (the primary key makes a concurrent copy wait for
-- it), and stores the answer there; every later copy gets that answer back.
create table idempotency_keys (
  user_id int not null references users on delete cascade,
  key text not null,
  -- sha-256 of the method, path and body: the same key for another request is refused (422).
  request_hash text not null,
  status int,
  -- The answer as sent: JSON text, so a replay is byte for byte the first answer.
  body text,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
