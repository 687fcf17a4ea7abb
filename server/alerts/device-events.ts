import { LOW_BATTERY } from '../../src/contract/triage'
import type { Queryable } from '../db/database'
import type { JournalSource } from '../db/journal'
import { recordEvent } from './events'

// What a device's own state says as events (decision 079): its presence changing, and its battery
// falling below LOW_BATTERY, once per crossing (a report at 25 % after one at 28 % is no new event;
// one after a charge to 80 % is).

interface Status {
  connected: boolean
  battery_level: number | null
}

/** The events of a device's status moving from `before` to `after`, in the caller's transaction. */
export async function statusEvents(
  q: Queryable,
  source: JournalSource,
  deviceId: number,
  before: Status,
  after: Status,
  at: Date,
) {
  const subject = { kind: 'device', id: deviceId } as const
  if (before.connected !== after.connected) {
    const type = after.connected ? 'device.connected' : 'device.disconnected'
    await recordEvent(q, source, { type, subject, at })
  }
  const was = before.battery_level
  const is = after.battery_level
  if (is !== null && is < LOW_BATTERY && (was === null || was >= LOW_BATTERY)) {
    await recordEvent(q, source, {
      type: 'device.low_battery',
      subject,
      at,
      payload: { battery_level: is },
    })
  }
}
