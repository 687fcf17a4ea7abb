import {
  LocationInput,
  LocationListQuery,
  LocationQuery,
  LocationUpdate,
  locationSortKeys,
  type Door,
  type Floor,
  type Location,
  type LocationDeep,
  type Room,
} from '../../src/contract/locations'
import { inScope } from '../../src/contract/permissions'
import type { App, Services } from '../context'
import type { Queryable } from '../db/database'
import { byName, changeRow, writeJournal } from '../db/journal'
import { lockRow } from '../db/locks'
import { inUse, notFound, type Holdings } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { listPage, type ListSpec } from '../http/list'
import { requireDatabaseZone } from '../http/time-zone'
import { ensureInScope, orgLimit, requireScope } from '../http/scope'
import { idParam, jsonBody, parse, query } from '../http/validate'
import { findDevices } from './device-rows'

const select = `l.location_id, l.organization_id, l.name, l.street, l.number, l.postal_code,
  l.locality, l.description, l.image_url, l.time_zone,
  coalesce((select json_agg(json_build_object('floor_id', f.floor_id, 'name', f.name)
                            order by f.position, f.floor_id)
            from floors f where f.location_id = l.location_id), '[]'::json) as floors,
  (select count(*)::int from rooms r where r.location_id = l.location_id) as room_count,
  (select count(*)::int from doors d where d.location_id = l.location_id) as door_count,
  (select count(*)::int from devices v where v.location_id = l.location_id) as device_count,
  l.created_at, l.updated_at`

async function findLocation(q: Queryable, id: number) {
  const [row] = await q.query<Location>(
    `select ${select} from locations l where l.location_id = $1`,
    [id],
  )
  return row
}

/** The whole tree; each level lists the devices mounted on it (requirements R7.8). */
async function deepLocation(q: Queryable, location: Location): Promise<LocationDeep> {
  const id = location.location_id
  const [floors, rooms, doors, devices] = await Promise.all([
    q.query<Floor>('select * from floors where location_id = $1 order by position, floor_id', [id]),
    q.query<Room>('select * from rooms where location_id = $1 order by room_id', [id]),
    q.query<Door>('select * from doors where location_id = $1 order by door_id', [id]),
    findDevices(q, 'd.location_id = $1', [id]),
  ])
  const on = (type: string, key: number) =>
    devices.filter((d) => d.assignment_type === type && d.assignment_id === key)
  return {
    ...location,
    devices: on('location', id),
    floors: floors.map((floor) => ({
      ...floor,
      devices: on('floor', floor.floor_id),
      rooms: rooms
        .filter((room) => room.floor_id === floor.floor_id)
        .map((room) => ({
          ...room,
          devices: on('room', room.room_id),
          doors: doors
            .filter((door) => door.room_id === room.room_id)
            .map((door) => ({ ...door, devices: on('door', door.door_id) })),
        })),
    })),
  }
}

/** The devices at the location, and the credentials on it, its doors or its devices. */
async function holdings(q: Queryable, id: number): Promise<Holdings> {
  const [row] = await q.query<Holdings>(
    `select (select count(*)::int from devices where location_id = $1) as devices,
            (select count(*)::int from credentials c where
                (c.assignment_type = 'location' and c.assignment_id = $1)
             or (c.assignment_type = 'door' and c.assignment_id in
                  (select door_id from doors where location_id = $1))
             or (c.assignment_type = 'device' and c.assignment_id in
                  (select device_id from devices where location_id = $1))) as credentials`,
    [id],
  )
  return row ?? { devices: 0, credentials: 0 }
}

/**
 * Refuses (409) while devices or credentials hold the location, with their counts for the client to
 * word. A move takes floors, rooms and doors along, never devices or credentials: those would carry
 * one organization's access into another's.
 */
async function refuseWhileHeld(q: Queryable, id: number, move: boolean) {
  const held = await holdings(q, id)
  if (held.devices + held.credentials === 0) return
  if (move)
    throw inUse(
      'This location still holds devices or credentials: remove them before moving it to another organization.',
      { subject: 'location_move', ...held },
      'organization_id',
    )
  throw inUse('Devices or credentials still use this location.', { subject: 'location', ...held })
}

function toInput(l: Location): LocationInput {
  const { name, street, number, postal_code, locality, description, image_url, time_zone } = l
  return {
    name,
    street,
    number,
    postal_code,
    locality,
    description,
    image_url,
    time_zone,
    organization_id: l.organization_id,
  }
}

const sortColumns: Record<(typeof locationSortKeys)[number], string> = {
  location_id: 'l.location_id',
  name: 'lower(l.name)',
  locality: 'lower(l.locality)',
  postal_code: 'l.postal_code',
  created_at: 'l.created_at',
}

const values = (input: LocationInput) => [
  input.name.trim(),
  input.street ?? '',
  input.number ?? '',
  input.postal_code ?? '',
  input.locality ?? '',
  input.description ?? '',
  input.image_url ?? null,
  input.time_zone ?? null,
]

/** A location's own zone, when it has one, must be one the database knows too. */
const checkZone = (q: Queryable, input: LocationInput) =>
  input.time_zone == null ? Promise.resolve() : requireDatabaseZone(q, input.time_zone)

/** The locations list of every organization (limit null) or one. */
export const locationListSpec = (
  limit: number | null,
): ListSpec<(typeof locationSortKeys)[number]> => ({
  select,
  from: 'locations l',
  where: limit === null ? [] : ['l.organization_id = $1'],
  params: limit === null ? [] : [limit],
  searchColumns: ['l.name', 'l.street', 'l.locality', 'l.postal_code'],
  sortColumns,
  tiebreak: 'l.location_id',
})

export function registerLocations(app: App, s: Services) {
  app.get('/sbm/v1/locations', async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'locations', 'read'), p)
    return c.json(await listPage(s.db, locationListSpec(limit), query(c, LocationListQuery)))
  })

  app.get('/sbm/v1/locations/:id', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'locations', 'read')
    const id = idParam(c)
    const { deep } = query(c, LocationQuery)
    const location = ensureInScope(scope, p, await findLocation(s.db, id), 'Location')
    return c.json(deep === 'true' ? await deepLocation(s.db, location) : location)
  })

  app.post('/sbm/v1/locations', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'locations', 'create')
    const input = await jsonBody(c, LocationInput)
    const organizationId = input.organization_id ?? p.organizationId
    if (!inScope(scope, p.organizationId, organizationId)) throw notFound('Organization')
    const id = await s.db.tx(async (q) => {
      await checkZone(q, input)
      const [row] = await q.query<{ location_id: number }>(
        `insert into locations (name, street, number, postal_code, locality, description, image_url,
           time_zone, organization_id)
         select $1, $2, $3, $4, $5, $6, $7, $8, organization_id from organizations
         where organization_id = $9
         returning location_id`,
        [...values(input), organizationId],
      )
      if (!row) throw notFound('Organization')
      const created = (await findLocation(q, row.location_id)) ?? null
      await writeJournal(
        q,
        journalSource(c),
        changeRow('location', row.location_id, null, created, byName),
      )
      return row.location_id
    })
    return c.json(await findLocation(s.db, id), 201)
  })

  app.put('/sbm/v1/locations/:id', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'locations', 'update')
    const id = idParam(c)
    const patch = await jsonBody(c, LocationUpdate)
    // Answered from inside the transaction, so a DELETE committing right after cannot empty it.
    const updated = await s.db.tx(async (q) => {
      // Locked first: a concurrent DELETE waits for this update or makes it a 404, and a move and
      // the writes under this location take turns.
      await lockRow(q, 'locations', id, 'update')
      const location = ensureInScope(scope, p, await findLocation(q, id), 'Location')
      const input = parse({ ...toInput(location), ...patch }, LocationInput)
      if (patch.time_zone != null) await checkZone(q, input)
      const organizationId = input.organization_id ?? location.organization_id
      const moves = organizationId !== location.organization_id
      if (moves) {
        if (!inScope(scope, p.organizationId, organizationId)) throw notFound('Organization')
        await refuseWhileHeld(q, id, true)
      }
      // Floors, rooms and doors follow through their cascading keys (migration 003).
      await q.query(
        `update locations set name = $1, street = $2, number = $3, postal_code = $4, locality = $5,
           description = $6, image_url = $7, time_zone = $8, organization_id = $9, updated_at = now()
         where location_id = $10`,
        [...values(input), organizationId, id],
      )
      // Again after the cascade, which waited for credentials being written on these doors.
      if (moves) await refuseWhileHeld(q, id, true)
      const after = await findLocation(q, id)
      await writeJournal(
        q,
        journalSource(c),
        changeRow('location', id, location, after ?? null, byName),
      )
      return after
    })
    return c.json(updated)
  })

  app.delete('/sbm/v1/locations/:id', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'locations', 'delete')
    const id = idParam(c)
    await s.db.tx(async (q) => {
      // Locked first: a second DELETE then finds it gone (404), and a device or credential being
      // attached below it (which holds the row in key share) is seen by the check below.
      await lockRow(q, 'locations', id, 'update')
      const location = ensureInScope(scope, p, await findLocation(q, id), 'Location')
      await refuseWhileHeld(q, id, false)
      // Its floors, rooms and doors go with it (cascading keys): one row, the location's.
      await q.query('delete from locations where location_id = $1', [id])
      await writeJournal(q, journalSource(c), changeRow('location', id, location, null, byName))
    })
    return c.body(null, 204)
  })
}
