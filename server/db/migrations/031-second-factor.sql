-- The second factor, step-up and sessions (issue 67, decision 077).

-- An authenticator app (RFC 6238), confirmed by its first code. `secret` is AES-256-GCM
-- ciphertext under MFA_ENCRYPTION_KEY (server/auth/secret-box.ts), never the secret itself. `last_step` is the last time step a code was accepted for: a conditional update on it lets
-- each code in once, however many servers race.
create table totp_factors (
  user_id int primary key references users on delete cascade,
  secret text not null,
  created_at timestamptz not null,
  last_used_at timestamptz,
  last_step bigint
);

-- Passkeys (WebAuthn): the credential's id (base64url) and COSE public key, its signature counter.
create table passkeys (
  passkey_id serial primary key,
  user_id int not null references users on delete cascade,
  credential_id text not null unique,
  public_key bytea not null,
  counter bigint not null default 0,
  transports text[] not null default '{}',
  name text not null,
  created_at timestamptz not null,
  last_used_at timestamptz
);
create index passkeys_user on passkeys (user_id);

-- Recovery codes, sha256 of a code of 50 random bits (decision 077 says why no slow hash). A use is
-- a conditional update of `used_at`.
create table recovery_codes (
  user_id int not null references users on delete cascade,
  code_hash text not null,
  used_at timestamptz,
  primary key (user_id, code_hash)
);

-- WebAuthn challenges, each good once and briefly, on whichever server the answer reaches.
create table webauthn_challenges (
  challenge_id text primary key,
  challenge text not null,
  user_id int references users on delete cascade,
  purpose text not null check (purpose in ('register', 'sign_in', 'factor', 'step_up')),
  expires_at timestamptz not null,
  used_at timestamptz
);

-- Who must hold a second factor: whoever holds one of `required_for` (decision 021: permissions,
-- not role labels). One global row (organization_id null) and one per organization that set its own.
create table mfa_policies (
  policy_id serial primary key,
  organization_id int unique references organizations on delete cascade,
  required_for text[] not null default '{}',
  passwordless_passkeys boolean not null default false,
  updated_at timestamptz not null default now()
);
create unique index mfa_policies_one_global on mfa_policies ((organization_id is null))
  where organization_id is null;

-- A session is a refresh-token family: what signed in, from where, when it was last seen, when it
-- ended, and the sign-in's strength (auth_time, amr), which a refresh keeps and a step-up renews.
create table sessions (
  session_id text primary key,
  user_id int not null references users on delete cascade,
  user_agent text,
  address text,
  first_seen timestamptz not null,
  last_seen timestamptz not null,
  auth_time timestamptz not null,
  amr text[] not null,
  ended_at timestamptz
);
create index sessions_user on sessions (user_id) where ended_at is null;

-- An app being added: its sealed secret until the first code confirms it (then it moves to
-- totp_factors), so a confirmed app keeps working while a new one is set up.
create table pending_totp (
  user_id int primary key references users on delete cascade,
  secret text not null,
  created_at timestamptz not null
);
