import type { Prepared, Queryable } from '../db/database'

// First person in (decision 069): a granted PIN entry at a door's location by a member of the
// door's first-person-in group, kept on the server's clock for `modeAt`; the mode job unlocks the
// door from it and its audit row names the person. A lock with no door and a mode of its own
// (decision 072) counts the entries at its location the same way.

// Prepared: every granted PIN runs it, and it finds nothing at most places (server/db/database.ts).
const entrySql: Prepared = {
  name: 'door_mode_entry',
  text: `insert into door_mode_entries (door_id, device_id, at, user_id)
     select m.door_id, m.device_id, $2, $3 from door_modes m
       left join doors d on d.door_id = m.door_id
       left join devices v on v.device_id = m.device_id and v.assignment_type <> 'door'
     where coalesce(d.location_id, v.location_id) = $1 and m.first_person_in_group_id in (
       select group_id from group_members where user_id = $3
         and (valid_from is null or valid_from <= $2) and (valid_until is null or valid_until > $2))
     on conflict do nothing
     returning 1`,
}

export async function recordEntry(
  q: Queryable,
  entry: { location_id: number; user_id: number; at: Date },
): Promise<boolean> {
  const rows = await q.query(entrySql, [entry.location_id, entry.at.toISOString(), entry.user_id])
  return rows.length > 0
}
