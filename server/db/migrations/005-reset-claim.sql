-- A reset or invite link is claimed for the time one password hash takes before it is used: the
-- conditional write that claims it decides which of several simultaneous uses goes on, so the
-- others answer "invalid link" at once instead of queueing for scrypt. A claim that was never
-- followed by the use (the hashing queue was full, the process died) lapses after 30 seconds.
alter table password_tokens add column claimed_until timestamptz;
