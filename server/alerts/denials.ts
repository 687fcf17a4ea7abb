import { DENIED_BURST_COUNT, DENIED_BURST_SECONDS } from '../../src/contract/alerts'
import type { Prepared, Queryable } from '../db/database'
import { SYSTEM_SOURCE, recordEvent } from './events'

// access.denied_burst (decision 079): DENIED_BURST_COUNT denied PINs at one device within
// DENIED_BURST_SECONDS of the first, on the server's clock. The window is a row per device, counted
// under pin-entry's lock on the device's budget row; the denial that fills it writes the event and
// starts the count again.

const countSql: Prepared = {
  name: 'alert_denial_count',
  text: `insert into alert_denials as a (device_id, window_start, denials) values ($1, $2, 1)
     on conflict (device_id) do update set
       window_start = case when a.window_start + $3 * interval '1 second' <= $2
         or a.window_start > $2 then $2 else a.window_start end,
       denials = case when a.window_start + $3 * interval '1 second' <= $2
         or a.window_start > $2 then 1 else a.denials + 1 end
     returning denials`,
}

/** Counts a denied PIN at `deviceId` at `at`; the one that fills the window is a burst. */
export async function countDenial(q: Queryable, deviceId: number, at: Date) {
  const [row] = await q.query<{ denials: number }>(countSql, [
    deviceId,
    at.toISOString(),
    DENIED_BURST_SECONDS,
  ])
  if ((row?.denials ?? 0) < DENIED_BURST_COUNT) return
  await q.query('delete from alert_denials where device_id = $1', [deviceId])
  await recordEvent(q, SYSTEM_SOURCE, {
    type: 'access.denied_burst',
    subject: { kind: 'device', id: deviceId },
    at,
    payload: { denials: DENIED_BURST_COUNT, seconds: DENIED_BURST_SECONDS },
  })
}
