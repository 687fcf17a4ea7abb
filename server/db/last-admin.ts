import type { Prepared, Queryable } from './database'
import { conflict } from '../http/errors'

// The last account that holds users:update everywhere stays (decision 074): nobody disables,
// deletes, offboards or demotes it, so someone can always manage every account. Two admins
// disabling each other at once meet here: each write that takes an admin away holds one lock and
// counts the others with a fresh snapshot (read committed), so the second sees the first's change.

const ADMIN_LOCK = 1702

const lock: Prepared = {
  name: 'last_admin_lock',
  text: `select pg_advisory_xact_lock(${ADMIN_LOCK})`,
}

const admins: Prepared = {
  name: 'last_admin_admins',
  text: `select user_id from users
     where not disabled and 'users:update' = any(permissions) and user_id = any($1::int[])`,
}

const others: Prepared = {
  name: 'last_admin_others',
  text: `select user_id from users
     where not disabled and 'users:update' = any(permissions) and user_id <> all($1::int[])
     limit 1`,
}

/**
 * Refuses (409 `last_admin`) when taking the users `leaving` out of administration (disabled,
 * deleted, offboarded or no longer holding users:update) would leave no enabled account holding
 * users:update everywhere. Call it in the write's transaction, before the write: the lock is held
 * to the commit.
 */
export async function keepLastAdmin(
  q: Queryable,
  leaving: readonly number[],
  field?: string,
): Promise<void> {
  if (leaving.length === 0) return
  if ((await q.query(admins, [leaving])).length === 0) return
  await q.query(lock)
  if ((await q.query(others, [leaving])).length > 0) return
  throw conflict(
    'This is the last account that may manage every user: it stays enabled.',
    field,
    'last_admin',
  )
}
