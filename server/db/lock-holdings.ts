import type { LockHolding, OfflineCode } from '../../src/contract/lock-sync'
import type { Queryable } from './database'

// What the locks hold (decision 073), as the console reads it: a credential's locks, a lock's
// credentials, and the offline codes a lock still honours (its current key, not withdrawn on the
// lock, not ended), each with the zone of its lock's place.

const holdingSelect = `select h.credential_id, h.device_id, d.name as device_name, d.connected,
    h.user_id, u.email as user_email, h.state, h.wanted, h.reason,
    (select count(*)::int from lock_changes x where x.device_id = h.device_id
       and x.credential_id = h.credential_id and x.state = 'queued'
       and x.kind <> 'withdraw_code') as queued,
    h.updated_at
  from lock_holdings h join devices d on d.device_id = h.device_id
    left join users u on u.user_id = h.user_id`

const codeSelect = `select o.code_id, o.credential_id, o.device_id, d.name as device_name, d.connected,
    o.key_version, o.valid_from, o.valid_until, coalesce(l.time_zone, g.time_zone) as time_zone,
    o.withdrawn is not null as withdrawing, c.user_id, u.email as user_email
  from offline_codes o join devices d on d.device_id = o.device_id
    join locations l on l.location_id = d.location_id
    join organizations g on g.organization_id = d.organization_id
    left join credentials c on c.credential_id = o.credential_id
    left join users u on u.user_id = c.user_id
  where o.key_version = d.offline_key_version and o.withdrawn is distinct from 'on_lock'
    and o.valid_until > $1`

/** The credential's locks, and its codes still honoured at `at`. */
export async function credentialLocks(q: Queryable, credentialId: number, at: Date) {
  const locks = await q.query<LockHolding>(
    `${holdingSelect} where h.credential_id = $1 order by d.name, h.device_id`,
    [credentialId],
  )
  const codes = await q.query<OfflineCode>(
    `${codeSelect} and o.credential_id = $2 order by o.valid_until, o.code_id`,
    [at.toISOString(), credentialId],
  )
  return { locks, codes }
}

/** What the lock holds or is to hold or let go of, and its codes still honoured at `at`. */
export async function deviceHoldings(q: Queryable, deviceId: number, at: Date) {
  const holdings = await q.query<LockHolding>(
    `${holdingSelect} where h.device_id = $1
     order by h.state = 'removed', u.email nulls last, h.credential_id`,
    [deviceId],
  )
  const codes = await q.query<OfflineCode>(
    `${codeSelect} and o.device_id = $2 order by o.valid_until, o.code_id`,
    [at.toISOString(), deviceId],
  )
  return { holdings, codes }
}

/** Codes honoured at `at` that end within `days` days of it, of one organization or every one. */
export async function expiringCodes(
  q: Queryable,
  organizationId: number | null,
  at: Date,
  days: number,
) {
  return q.query<OfflineCode>(
    `${codeSelect} and o.withdrawn is null
       and o.valid_until <= $1::timestamptz + $2 * interval '1 day'
       and ($3::int is null or o.organization_id = $3) and c.credential_id is not null
     order by o.valid_until, o.code_id limit 100`,
    [at.toISOString(), days, organizationId],
  )
}
