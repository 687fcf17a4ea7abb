import type { Context } from 'hono'
import {
  DoorInput,
  DoorListQuery,
  DoorLookup,
  DoorUpdate,
  FloorInput,
  FloorUpdate,
  RoomInput,
  RoomUpdate,
  doorSortKeys,
  type Door,
} from '../../src/contract/locations'
import type { App, Principal, Services } from '../context'
import type { Queryable, Row } from '../db/database'
import { changeRow, writeJournal } from '../db/journal'
import { lockRow } from '../db/locks'
import { inUse, type Holdings } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { listPage } from '../http/list'
import { ensureInScope, orgLimit, requireScope } from '../http/scope'
import type { Scope } from '../../src/contract/permissions'
import { idParam, jsonBody, parse, query } from '../http/validate'

// Floors, rooms and doors are parts of a location: they use the locations permissions with their
// own verb (POST create, PUT update, DELETE delete) and carry their ancestors' ids for scoping.

interface Level {
  kind: 'floors' | 'rooms' | 'doors'
  name: string
  key: 'floor_id' | 'room_id' | 'door_id'
  parent: { table: string; key: 'location_id' | 'floor_id' | 'room_id'; name: string }
  /** Ancestor ids copied from the parent row. */
  inherited: readonly ('location_id' | 'floor_id')[]
  own: readonly string[]
  /** Validates a full input (POST, or PUT merged onto the current row). */
  input: (value: unknown) => Row
  /** Reads and validates a POST body. */
  create: (c: Context) => Promise<Row>
  /** Reads and validates a PUT body. */
  update: (c: Context) => Promise<Row>
  /** Copies a moved node's ancestry down to its children. */
  cascade: readonly string[]
  /** Assignment types mounted at or below this level, for the "still in use" check. */
  below: readonly ('floor' | 'room' | 'door')[]
}

const levels: Level[] = [
  {
    kind: 'floors',
    name: 'Floor',
    key: 'floor_id',
    parent: { table: 'locations', key: 'location_id', name: 'Location' },
    inherited: [],
    own: ['name', 'position', 'plan_image_url'],
    input: (v) => parse(v, FloorInput),
    create: (c) => jsonBody(c, FloorInput),
    update: (c) => jsonBody(c, FloorUpdate),
    below: ['floor', 'room', 'door'],
    cascade: [
      `update rooms r set location_id = f.location_id, organization_id = f.organization_id
       from floors f where f.floor_id = $1 and r.floor_id = $1`,
      `update doors d set location_id = f.location_id, organization_id = f.organization_id
       from floors f where f.floor_id = $1 and d.floor_id = $1`,
    ],
  },
  {
    kind: 'rooms',
    name: 'Room',
    key: 'room_id',
    parent: { table: 'floors', key: 'floor_id', name: 'Floor' },
    inherited: ['location_id'],
    own: ['name', 'description'],
    input: (v) => parse(v, RoomInput),
    create: (c) => jsonBody(c, RoomInput),
    update: (c) => jsonBody(c, RoomUpdate),
    below: ['room', 'door'],
    cascade: [
      `update doors d set floor_id = r.floor_id, location_id = r.location_id,
       organization_id = r.organization_id from rooms r where r.room_id = $1 and d.room_id = $1`,
    ],
  },
  {
    kind: 'doors',
    name: 'Door',
    key: 'door_id',
    parent: { table: 'rooms', key: 'room_id', name: 'Room' },
    inherited: ['location_id', 'floor_id'],
    own: ['name', 'description'],
    input: (v) => parse(v, DoorInput),
    create: (c) => jsonBody(c, DoorInput),
    update: (c) => jsonBody(c, DoorUpdate),
    below: ['door'],
    cascade: [],
  },
]

const defaults: Row = { description: '', plan_image_url: null }

async function parentOf(q: Queryable, level: Level, scope: Scope, p: Principal, id: unknown) {
  const [row] = await q.query<{ organization_id: number; location_id: number; floor_id?: number }>(
    `select * from ${level.parent.table} where ${level.parent.key} = $1`,
    [id],
  )
  return ensureInScope(scope, p, row, level.parent.name)
}

/** Every mount point at or below one node, as (type, id) pairs for devices and credentials. */
function mountsBelowSql(level: Level) {
  const column = level.key
  return level.below
    .map((type) => `select '${type}' as t, ${type}_id as id from ${type}s where ${column} = $1`)
    .join(' union all ')
}

// Floors, rooms and doors are named in the journal by their `name` column.
const nameOf = (row: Row) => String(row.name)

function registerLevel(app: App, s: Services, level: Level) {
  const path = `/sbm/v1/${level.kind}`
  const target = journalTargets[level.kind]
  const find = async (q: Queryable, id: number) =>
    (
      await q.query<Row & { organization_id: number }>(
        `select * from ${level.kind} where ${level.key} = $1`,
        [id],
      )
    )[0]

  // Deleting or moving a node changes its location's tree: the location row is locked first, so an
  // attach below it (key share) and the "still in use?" check never interleave, and a second DELETE
  // finds the node gone.
  const lockedNode = async (q: Queryable, id: number) => {
    const seen = await find(q, id)
    if (!seen) return undefined
    await lockRow(q, 'locations', Number(seen.location_id), 'update')
    return find(q, id)
  }

  const write = async (q: Queryable, p: Principal, scope: Scope, input: Row, id: number | null) => {
    const parent = await parentOf(q, level, scope, p, input[level.parent.key])
    const columns = [level.parent.key, ...level.inherited, 'organization_id', ...level.own]
    const vals = [
      input[level.parent.key],
      ...level.inherited.map((k) => parent[k]),
      parent.organization_id,
      ...level.own.map((k) => input[k] ?? defaults[k] ?? null),
    ]
    if (id === null) {
      const [row] = await q.query<Row>(
        `insert into ${level.kind} (${columns.join(', ')})
         values (${columns.map((_, i) => `$${i + 1}`).join(', ')}) returning ${level.key}`,
        vals,
      )
      return Number(row?.[level.key])
    }
    await q.query(
      `update ${level.kind} set ${columns.map((c, i) => `${c} = $${i + 2}`).join(', ')}, updated_at = now()
       where ${level.key} = $1`,
      [id, ...vals],
    )
    return id
  }

  app.post(path, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'locations', 'create')
    const input = await level.create(c)
    const id = await s.db.tx(async (q) => {
      const created = await write(q, p, scope, input, null)
      await writeJournal(
        q,
        journalSource(c),
        changeRow(target, created, null, (await find(q, created)) ?? null, nameOf),
      )
      return created
    })
    return c.json(await find(s.db, id), 201)
  })

  app.put(`${path}/:id`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'locations', 'update')
    const id = idParam(c)
    const patch = await level.update(c)
    // Answered from inside the transaction, so a DELETE committing right after cannot empty it.
    const updated = await s.db.tx(async (q) => {
      const current = ensureInScope(scope, p, await lockedNode(q, id), level.name)
      const input = level.input({ ...pick(current, [level.parent.key, ...level.own]), ...patch })
      if (input[level.parent.key] !== current[level.parent.key])
        await refuseWhileHeld(q, level, id, true)
      await write(q, p, scope, input, id)
      for (const sql of level.cascade) await q.query(sql, [id])
      const after = await find(q, id)
      await writeJournal(q, journalSource(c), changeRow(target, id, current, after ?? null, nameOf))
      return after
    })
    return c.json(updated)
  })

  app.delete(`${path}/:id`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'locations', 'delete')
    const id = idParam(c)
    await s.db.tx(async (q) => {
      const node = ensureInScope(scope, p, await lockedNode(q, id), level.name)
      await refuseWhileHeld(q, level, id, false)
      await q.query(`delete from ${level.kind} where ${level.key} = $1`, [id])
      await writeJournal(q, journalSource(c), changeRow(target, id, node, null, nameOf))
    })
    return c.body(null, 204)
  })
}

const journalTargets = { floors: 'floor', rooms: 'room', doors: 'door' } as const

function pick(row: Row, keys: readonly string[]): Row {
  return Object.fromEntries(keys.map((k) => [k, row[k]]))
}

/** The devices mounted at or below a node, and the credentials on its doors. */
async function holdingsBelow(q: Queryable, level: Level, id: number): Promise<Holdings> {
  const [row] = await q.query<Holdings>(
    `with m as (${mountsBelowSql(level)})
     select (select count(*)::int from devices d
               join m on d.assignment_type = m.t and d.assignment_id = m.id) as devices,
            (select count(*)::int from credentials c
               join m on m.t = 'door' and c.assignment_type = 'door' and c.assignment_id = m.id)
              as credentials`,
    [id],
  )
  return row ?? { devices: 0, credentials: 0 }
}

/** Refuses (409) while devices or credentials hold the node, with their counts for the client. */
async function refuseWhileHeld(q: Queryable, level: Level, id: number, move: boolean) {
  const held = await holdingsBelow(q, level, id)
  if (held.devices + held.credentials === 0) return
  const subject = level.key.replace('_id', '')
  if (move)
    throw inUse('Move devices and credentials away before moving this.', {
      subject: `${subject}_move`,
      ...held,
    })
  throw inUse('Devices or credentials still use this.', { subject, ...held })
}

const doorSort: Record<(typeof doorSortKeys)[number], string> = {
  door_id: 'door_id',
  name: 'lower(name)',
  created_at: 'created_at',
}

export function registerSpaces(app: App, s: Services) {
  for (const level of levels) registerLevel(app, s, level)

  app.get('/sbm/v1/doors', async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'locations', 'read'), p)
    return c.json(
      await listPage<(typeof doorSortKeys)[number], Door>(
        s.db,
        {
          select: '*',
          from: 'doors',
          where: limit === null ? [] : ['organization_id = $1'],
          params: limit === null ? [] : [limit],
          searchColumns: ['name', 'description'],
          sortColumns: doorSort,
          tiebreak: 'door_id',
        },
        query(c, DoorListQuery),
      ),
    )
  })

  // POST /org/v1/doors is a lookup (requirements R7.7): resolve door ids (e.g. a credential's) in
  // one call.
  app.post('/org/v1/doors', async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'locations', 'read'), p)
    const input = await jsonBody(c, DoorLookup)
    const where = ['($1::int is null or organization_id = $1)']
    const params: unknown[] = [limit]
    if (input.door_ids) {
      params.push(input.door_ids.slice(0, 500))
      where.push(`door_id = any($${params.length}::int[])`)
    }
    if (input.location_id !== undefined) {
      params.push(input.location_id)
      where.push(`location_id = $${params.length}`)
    }
    const rows = await s.db.query<Door>(
      `select * from doors where ${where.join(' and ')} order by door_id limit 500`,
      params,
    )
    return c.json({ data: rows, recordsTotal: rows.length, recordsFiltered: rows.length })
  })
}
