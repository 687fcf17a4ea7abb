import type { Context } from 'hono'
import { PinEntryInput } from '../../src/contract/pin-entry'
import type { App, AppEnv, Services } from '../context'
import { pinEntry, type PinTryer } from '../access/pin-entry'
import { callsAsDevice, checkDeviceSecret } from '../auth/device-secret'
import type { AuditedDevice } from '../db/audit'
import type { Prepared } from '../db/database'
import { recordEntry } from '../door-modes/first-in'
import { notFound } from '../http/errors'
import { ensureInScope, requireScope } from '../http/scope'
import { idParam, jsonBody } from '../http/validate'

// POST /access/v1/devices/{id}/pin-entry {pin}: a PIN typed at a keypad (decision 066). The device
// itself calls with its secret (`Authorization: Device <secret>`); a signed-in user holding
// devices:update for the device's organization calls it to try a PIN ("Try a PIN"). Both are
// decided alike, at the server clock's moment, and both are audited and throttled per device.

const ROUTE = /^\/access\/v1\/devices\/[^/]+\/pin-entry$/

/** A keypad's own call: the route checks its secret instead of a signed-in caller's token. */
export const pinEntryByDevice = (c: Context<AppEnv>): boolean =>
  c.req.method === 'POST' && ROUTE.test(c.req.path) && callsAsDevice(c)

// Prepared: every PIN reads it, by key (server/db/database.ts, Prepared).
const deviceSql: Prepared = {
  name: 'pin_entry_device',
  text: `select device_id, organization_id, name, device_type_id, location_id, secret_hash
     from devices where device_id = $1`,
}

export function registerPinEntry(app: App, s: Services) {
  app.post('/access/v1/devices/:id/pin-entry', async (c) => {
    const id = idParam(c)
    const p = callsAsDevice(c) ? null : c.get('principal')
    const [device] = await s.db.query<AuditedDevice & { secret_hash: string | null }>(deviceSql, [
      id,
    ])
    let tryer: PinTryer = null
    if (p === null) checkDeviceSecret(c, device?.secret_hash ?? null)
    else {
      ensureInScope(requireScope(p, 'devices', 'update'), p, device, 'Device')
      tryer = p
    }
    if (!device) throw notFound('Device')
    const { pin } = await jsonBody(c, PinEntryInput)
    const at = s.clock.now()
    const { answer, opened } = await s.db.tx(async (q) => {
      const decided = await pinEntry(q, s.pinKey, {
        device,
        pin,
        at,
        tryer,
        requestId: c.get('requestId'),
      })
      const opener = decided.granted ? decided.user_id : undefined
      return {
        answer: decided,
        opened:
          opener !== undefined &&
          (await recordEntry(q, { location_id: device.location_id, user_id: opener, at })),
      }
    })
    // An entry that opens a door's day: the mode job unlocks it now, not at its next poll.
    if (opened) s.doorModeJob.wake()
    return c.json(answer)
  })
}
