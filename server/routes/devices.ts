import {
  DeviceInput,
  DeviceListQuery,
  DeviceUpdate,
  deviceSortKeys,
  type DeviceFilters,
  type Device,
} from '../../src/contract/devices'
import { inScope } from '../../src/contract/permissions'
import { credentialsAtDevice, resyncCredentials } from '../access/lock-sync'
import type { App, Principal, Services } from '../context'
import type { Queryable } from '../db/database'
import { byName, changeRow, writeJournal } from '../db/journal'
import { lockdownAt } from '../db/lockdowns'
import { lockRow } from '../db/locks'
import { conflict, notFound, requiredField } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { listPage, type ListSpec } from '../http/list'
import { ensureInScope, orgLimit, requireScope } from '../http/scope'
import { idParam, jsonBody, parse, query } from '../http/validate'
import { makeDeviceSecret } from './device-secrets'
import type { Scope } from '../../src/contract/permissions'
import {
  deviceFrom,
  deviceSelect,
  findDevices,
  lockedAssignment,
  toDevice,
  type DeviceRow,
} from './device-rows'

const sortColumns: Record<(typeof deviceSortKeys)[number], string> = {
  device_id: 'd.device_id',
  name: 'lower(d.name)',
  device_type_id: 'd.device_type_id',
  created_at: 'd.created_at',
}

// Each filter's condition on the joined device row (deviceFrom); its value is always the parameter
// in place of `$`.
const filterColumns: Record<keyof DeviceFilters, string> = {
  device_type_id: 'd.device_type_id = $',
  connected: 'd.connected = $',
  battery_below: 'd.battery_level < $',
  location_id: 'd.location_id = $',
  floor_id: 'pf.floor_id = $',
  room_id: 'pr.room_id = $',
  capability: '$::text = any(d.capabilities)',
}

function filterWhere(filters: DeviceFilters) {
  const where: string[] = []
  const params: unknown[] = []
  for (const key of Object.keys(filterColumns) as (keyof DeviceFilters)[]) {
    const value = filters[key]
    if (value === undefined) continue
    params.push(key === 'connected' ? value === 'true' : value)
    where.push(filterColumns[key].replace('$', `$${params.length}`))
  }
  return { where, params }
}

/** The devices list with its filters, of every organization (limit null) or one. */
export function deviceListSpec(
  limit: number | null,
  filters: DeviceFilters,
): ListSpec<(typeof deviceSortKeys)[number]> {
  const { where, params } = filterWhere(filters)
  if (limit !== null) {
    params.push(limit)
    where.push(`d.organization_id = $${params.length}`)
  }
  return {
    select: deviceSelect,
    from: deviceFrom,
    where,
    params,
    searchColumns: ['d.name', 'd.device_id_manufacturer', 'd.device_type_id', 'm.name'],
    sortColumns,
    tiebreak: 'd.device_id',
  }
}

async function findDevice(q: Queryable, id: number): Promise<Device | undefined> {
  const [device] = await findDevices(q, 'd.device_id = $1', [id])
  return device
}

/**
 * Checks everything a device row refers to; answers where it lives, that place locked against
 * deletes until commit. A serial another device holds is refused by the unique index devices_serial.
 */
async function checkDevice(q: Queryable, scope: Scope, p: Principal, input: DeviceInput) {
  const mount = await lockedAssignment(q, input.assignment_type, input.assignment_id)
  if (!mount || !inScope(scope, p.organizationId, mount.organization_id)) throw notFound('Location')
  const [type] = await q.query<{ battery_powered: boolean; default_capabilities: string[] }>(
    'select battery_powered, default_capabilities from device_types where device_type_id = $1',
    [input.device_type_id],
  )
  const [maker] = await q.query('select 1 from manufacturers where manufacturer_id = $1', [
    input.manufacturer_id,
  ])
  // Each its own message (requirements R5.1): an unknown type is not a missing manufacturer.
  if (!type) throw requiredField('device_type_id', 'device_type')
  if (!maker) throw requiredField('manufacturer_id', 'manufacturer')
  return {
    mount,
    capabilities: input.capabilities ?? type.default_capabilities,
    battery: type.battery_powered,
  }
}

function toInput(d: Device): DeviceInput {
  return {
    name: d.name,
    description: d.description,
    device_type_id: d.device_type_id,
    manufacturer_id: d.manufacturer_id,
    device_id_manufacturer: d.device_id_manufacturer,
    capabilities: d.capabilities,
    assignment_type: d.assignment_type,
    assignment_id: d.assignment_id,
  }
}

/** 409 while the lock keeps a mode of its own: moved onto a door, it would follow the door's. */
async function refuseWithOwnMode(q: Queryable, deviceId: number) {
  const [own] = await q.query('select 1 from door_modes where device_id = $1', [deviceId])
  if (own)
    throw conflict(
      'The lock keeps its own unlock schedule: remove it before moving the lock onto a door or to another organization.',
      'assignment_id',
      'conflict',
      { subject: 'device_mode' },
    )
}

export function registerDevices(app: App, s: Services) {
  const lookup = (sql: string) => async () => {
    const rows = await s.db.query(sql)
    return { data: rows, recordsTotal: rows.length, recordsFiltered: rows.length }
  }
  // Each type's default capabilities too (an addition to requirements R7): the form pre-fills them.
  const types = lookup(
    'select device_type_id, description, default_capabilities from device_types order by device_type_id',
  )
  const makers = lookup('select manufacturer_id, name from manufacturers order by name')
  const caps = lookup('select capability_id, description from capabilities order by capability_id')
  app.get('/sbm/v1/devices/types', async (c) => c.json(await types()))
  app.get('/sbm/v1/devices/manufacturers', async (c) => c.json(await makers()))
  app.get('/sbm/v1/devices/capabilities', async (c) => c.json(await caps()))

  app.get('/sbm/v1/devices', async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'devices', 'read'), p)
    const list = query(c, DeviceListQuery)
    const page = await listPage<(typeof deviceSortKeys)[number], DeviceRow>(
      s.db,
      deviceListSpec(limit, list),
      list,
    )
    return c.json({ ...page, data: page.data.map(toDevice) })
  })

  app.get('/sbm/v1/devices/:id', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'read')
    const device = ensureInScope(scope, p, await findDevice(s.db, idParam(c)), 'Device')
    // Its page says so before anyone presses Unlock (docs/lockdown.md).
    const lockdown = await lockdownAt(s.db, { type: 'device', id: device.device_id }, null)
    return c.json({ ...device, lockdown: lockdown ?? null })
  })

  app.post('/sbm/v1/devices', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'create')
    const input = await jsonBody(c, DeviceInput)
    const made = await s.db.tx(async (q) => {
      const { mount, capabilities, battery } = await checkDevice(q, scope, p, input)
      const locking =
        capabilities.includes('remotely_lock') || capabilities.includes('remotely_unlock')
      const [row] = await q.query<{ device_id: number }>(
        `insert into devices (organization_id, name, description, device_type_id, manufacturer_id,
           device_id_manufacturer, capabilities, battery_level, lock_state, assignment_type,
           assignment_id, location_id)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) returning device_id`,
        [
          mount.organization_id,
          input.name.trim(),
          input.description,
          input.device_type_id,
          input.manufacturer_id,
          input.device_id_manufacturer.trim(),
          capabilities,
          battery ? 100 : null,
          locking ? 'locked' : null,
          input.assignment_type,
          input.assignment_id,
          mount.location_id,
        ],
      )
      const deviceId = row?.device_id ?? 0
      // It takes the credentials of its place (decision 073).
      await resyncCredentials(q, await credentialsAtDevice(q, deviceId), s.clock.now())
      // Its keypad secret is made with it and shown in this answer only (decision 066).
      const { secret, madeAt } = await makeDeviceSecret(q, deviceId)
      const created = (await findDevice(q, deviceId)) ?? null
      const journaled = changeRow('device', deviceId, null, created, byName)
      await writeJournal(q, journalSource(c), {
        ...journaled,
        changes: { ...journaled.changes, secret_made_at: [null, madeAt] },
      })
      return { deviceId, secret }
    })
    s.lockSyncJob.wake()
    const created = await findDevice(s.db, made.deviceId)
    return c.json(created && { ...created, secret: made.secret }, 201)
  })

  app.put('/sbm/v1/devices/:id', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'update')
    const id = idParam(c)
    const patch = await jsonBody(c, DeviceUpdate)
    // Answered from inside the transaction, so a DELETE committing right after cannot empty it.
    const updated = await s.db.tx(async (q) => {
      await lockRow(q, 'devices', id, 'update')
      const device = ensureInScope(scope, p, await findDevice(q, id), 'Device')
      const input = parse({ ...toInput(device), ...patch }, DeviceInput)
      const { mount, capabilities, battery } = await checkDevice(q, scope, p, input)
      // A lock's own mode (decision 072) is of a lock on no door, with its organization's schedule.
      if (input.assignment_type === 'door' || mount.organization_id !== device.organization_id)
        await refuseWithOwnMode(q, id)
      const locking =
        capabilities.includes('remotely_lock') || capabilities.includes('remotely_unlock')
      await q.query(
        `update devices set organization_id = $2, name = $3, description = $4, device_type_id = $5,
           manufacturer_id = $6, device_id_manufacturer = $7, capabilities = $8,
           battery_level = case when $9 then coalesce(battery_level, 100) end,
           lock_state = case when $10 then coalesce(lock_state, 'locked') end,
           assignment_type = $11, assignment_id = $12, location_id = $13, updated_at = now()
         where device_id = $1`,
        [
          id,
          mount.organization_id,
          input.name.trim(),
          input.description,
          input.device_type_id,
          input.manufacturer_id,
          input.device_id_manufacturer.trim(),
          capabilities,
          battery,
          locking,
          input.assignment_type,
          input.assignment_id,
          mount.location_id,
        ],
      )
      // Moved or given the capability: it takes its new place's credentials and lets go of the old.
      await resyncCredentials(q, await credentialsAtDevice(q, id), s.clock.now())
      const after = await findDevice(q, id)
      await writeJournal(
        q,
        journalSource(c),
        changeRow('device', id, device, after ?? null, byName),
      )
      return after
    })
    s.lockSyncJob.wake()
    return c.json(updated)
  })

  app.delete('/sbm/v1/devices/:id', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'devices', 'delete')
    const id = idParam(c)
    await s.db.tx(async (q) => {
      // Locked first: a credential being granted through it waits, or finds it gone.
      await lockRow(q, 'devices', id, 'update')
      const device = ensureInScope(scope, p, await findDevice(q, id), 'Device')
      const [held] = await q.query<{ n: number }>(
        "select count(*)::int as n from credentials where assignment_type = 'device' and assignment_id = $1",
        [id],
      )
      const count = held?.n ?? 0
      if (count > 0) {
        throw conflict('Credentials still grant access through this device.', undefined, 'in_use', {
          subject: 'device',
          count,
        })
      }
      await q.query('delete from devices where device_id = $1', [id])
      await writeJournal(q, journalSource(c), changeRow('device', id, device, null, byName))
    })
    return c.body(null, 204)
  })
}
