import type { Context } from 'hono'
import type { DeviceStatus } from '../../src/contract/devices'
import {
  SimulateInput,
  doorReports,
  doorSensingTypes,
  type SimulateAnswer,
} from '../../src/contract/pin-entry'
import { statusEvents } from '../alerts/device-events'
import { recordEvent } from '../alerts/events'
import type { App, AppEnv, Services } from '../context'
import { NOBODY, writeAudit } from '../db/audit'
import type { Prepared } from '../db/database'
import { writeJournal, type Changes } from '../db/journal'
import { conflict, notFound } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { ensureLocalOrAdmin } from '../http/local-or-admin'
import { idParam, jsonBody } from '../http/validate'
import { lockedDeviceRow } from './control'

// Demo only (decision 066): POST /sbm/v1/devices/{id}/simulate {event, battery_level?} stands in
// for a device reporting itself: it connects, disconnects or tells its battery; a lock or door
// sensor on a door reports the door held open, forced open or closed (decision 079). Each report
// writes its events (server/alerts/) in its transaction. The report is the
// device's own: its audit row and journal row name no actor (the journal keeps the caller's
// address and request id). It answers a caller on this machine or a signed-in administrator of every
// organization, like /dev/outbox; on a server without demo mode the path does not exist.

const ROUTE = /^\/sbm\/v1\/devices\/[^/]+\/simulate$/

/** A simulated report: the route checks its caller itself (a local caller has no token). */
export const simulateCall = (c: Context<AppEnv>): boolean =>
  c.req.method === 'POST' && ROUTE.test(c.req.path)

const reportSql: Prepared = {
  name: 'device_report',
  text: `update devices set connected = $2, battery_level = $3, updated_at = now()
     where device_id = $1 returning connected, battery_level, lock_state`,
}

export function registerSimulate(app: App, s: Services) {
  if (!s.options.demoMode) return
  app.post('/sbm/v1/devices/:id/simulate', async (c) => {
    await ensureLocalOrAdmin(
      c,
      s,
      ['devices', 'update'],
      'A device’s report is simulated only on this machine or by a signed-in administrator.',
    )
    const id = idParam(c)
    const input = await jsonBody(c, SimulateInput)
    const answer = await s.db.tx(async (q): Promise<SimulateAnswer> => {
      const device = await lockedDeviceRow(q, id)
      if (!device) throw notFound('Device')
      const before = device.current_status
      if (input.event === 'battery' && before.battery_level === null)
        throw conflict('This device has no battery.', 'battery_level')
      const doorEvent =
        input.event in doorReports
          ? doorReports[input.event as keyof typeof doorReports]
          : undefined
      const senses =
        device.assignment_type === 'door' &&
        doorSensingTypes.some((type) => type === device.device_type_id)
      if (doorEvent && !senses)
        throw conflict('Only a lock or door sensor on a door reports its door.', 'event')
      const [after] = await q.query<DeviceStatus>(reportSql, [
        id,
        input.event === 'connect' ? true : input.event === 'disconnect' ? false : before.connected,
        input.battery_level ?? before.battery_level,
      ])
      if (!after) throw notFound('Device')
      const auditId = await writeAudit(q, {
        device,
        command: input.event,
        result: 'success',
        detail:
          input.battery_level === undefined
            ? null
            : { code: 'battery_level', params: { level: input.battery_level } },
        actor: NOBODY,
        requestId: c.get('requestId'),
      })
      const changes: Changes = {}
      if (before.connected !== after.connected)
        changes.connected = [before.connected, after.connected]
      if (before.battery_level !== after.battery_level)
        changes.battery_level = [before.battery_level, after.battery_level]
      // The journal holds changes: a report that changed nothing is the audit row alone.
      if (Object.keys(changes).length > 0) {
        await writeJournal(q, journalSource(c, null), {
          organizationId: device.organization_id,
          action: 'update',
          targetType: 'device',
          targetId: id,
          targetName: device.name,
          changes,
          auditId,
        })
      }
      const source = journalSource(c, null)
      const at = s.clock.now()
      await statusEvents(q, source, id, before, after, at)
      if (doorEvent) {
        await recordEvent(q, source, {
          type: doorEvent,
          subject: { kind: 'door', id: device.assignment_id },
          at,
          payload: { device_id: id },
        })
      }
      return { device_id: id, current_status: after, audit_id: auditId }
    })
    // A lock seen again takes the changes queued for it while it was away (decision 073).
    if (input.event === 'connect') s.lockSyncJob.wake()
    return c.json(answer)
  })
}
