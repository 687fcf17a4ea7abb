import { scopeOf } from '../../src/contract/permissions'
import {
  FAILED_WITHIN_HOURS,
  LOW_BATTERY,
  TriageQuery,
  type FailingDevice,
  type Triage,
} from '../../src/contract/triage'
import type { App, Services } from '../context'
import type { Queryable } from '../db/database'
import { orgLimit, requireScope } from '../http/scope'
import { query } from '../http/validate'
import { deviceFrom, deviceSelect, toDevice, type DeviceRow } from './device-rows'

/** Devices matching `condition` (trusted SQL), the first `length` in `order`, and how many match. */
async function devicesWhere(
  q: Queryable,
  organizationId: number | null,
  condition: string,
  order: string,
  length: number,
) {
  const org = organizationId === null ? '' : 'and d.organization_id = $2'
  const rows = await q.query<DeviceRow & { total: number }>(
    `select ${deviceSelect}, (count(*) over ())::int as total from ${deviceFrom}
     where ${condition} ${org} order by ${order}, d.device_id limit $1`,
    organizationId === null ? [length] : [length, organizationId],
  )
  return { total: rows[0]?.total ?? 0, items: rows.map(toDevice) }
}

/**
 * Devices with failed commands in the window, latest failure first. The window is read first as a
 * range of the created_at index (a materialized CTE, so the planner cannot trade it for the
 * organization's sequence index, which walked two thirds of a million rows), and only then
 * narrowed to the caller's organization: the cost follows the day's entries, not the log.
 */
async function failingDevices(q: Queryable, organizationId: number | null, length: number) {
  const org = organizationId === null ? '' : 'where a.organization_id = $2'
  const rows = await q.query<FailingDevice & { total: number }>(
    `with recent as materialized (
       select audit_id, device_id, organization_id, created_at, command, detail, detail_code,
         detail_params
       from device_audits
       where created_at > now() - interval '${FAILED_WITHIN_HOURS} hours' and result = 'failure')
     select a.device_id, d.name as device_name, count(*)::int as failures,
       max(a.created_at) as last_at,
       (array_agg(a.command order by a.audit_id desc))[1] as last_command,
       (array_agg(a.detail order by a.audit_id desc))[1] as last_detail,
       (array_agg(a.detail_code order by a.audit_id desc))[1] as last_detail_code,
       (array_agg(a.detail_params order by a.audit_id desc))[1] as last_detail_params,
       (count(*) over ())::int as total
     from recent a join devices d on d.device_id = a.device_id
     ${org}
     group by a.device_id, d.name
     order by max(a.audit_id) desc limit $1`,
    organizationId === null ? [length] : [length, organizationId],
  )
  return { total: rows[0]?.total ?? 0, items: rows.map(({ total: _total, ...row }) => row) }
}

export function registerTriage(app: App, s: Services) {
  // Registered before /sbm/v1/devices/:id, which would otherwise take "triage" for an id.
  app.get('/sbm/v1/devices/triage', async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'devices', 'read'), p)
    const { length } = query(c, TriageQuery)
    const audits = scopeOf(p.permissions, 'devices:audits', 'read')
    const body: Triage = {
      offline: await devicesWhere(s.db, limit, 'not d.connected', 'lower(d.name)', length),
      low_battery: await devicesWhere(
        s.db,
        limit,
        `d.battery_level < ${LOW_BATTERY}`,
        'd.battery_level',
        length,
      ),
      failed: audits === null ? null : await failingDevices(s.db, orgLimit(audits, p), length),
    }
    return c.json(body)
  })
}
