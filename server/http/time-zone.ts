import type { Queryable } from '../db/database'
import { badField } from './errors'

// A place's zone is read by JavaScript (Luxon, through Intl) and by PostgreSQL (`at time zone`).
// The contract's TimeZone checks that Intl knows it; this checks the database does too, so the two
// never disagree about which zones exist (decision 065).
const knownZone = {
  name: 'time_zone_known',
  text: 'select exists (select 1 from pg_timezone_names where name = $1) as known',
}

/** 400 naming `field` when PostgreSQL does not know the zone `zone` by that name. */
export async function requireDatabaseZone(q: Queryable, zone: string, field = 'time_zone') {
  const [row] = await q.query<{ known: boolean }>(knownZone, [zone])
  if (!row?.known)
    throw badField(field, `The database does not know the time zone ${zone}.`, 'invalid', {
      zone,
    })
}
