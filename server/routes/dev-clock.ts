import type { Context } from 'hono'
import { ClockInput, DEV_CLOCK_PATH, type ClockState } from '../../src/contract/dev-clock'
import type { App, AppEnv, Services } from '../context'
import { HttpError } from '../http/errors'
import { fromThisMachine } from '../http/local-or-admin'
import { jsonBody } from '../http/validate'

// The test clock (decision 065): with CLOCK=settable (demo mode only, server/config.ts), GET and
// POST /dev/clock read and move the server's one "now" (server/clock.ts) for the e2e tests and a
// demo of schedules; a move wakes every job. Only a caller on this machine reaches it; anyone
// else, and every caller of a server whose clock is the real time, finds no such endpoint.

const noSuchEndpoint = () => new HttpError(404, 'not_found', 'No such endpoint.')

export function registerDevClock(app: App, s: Services) {
  if (s.options.clock !== 'settable') return
  const state = (): ClockState => ({ at: s.clock.now().toISOString(), moved: s.clock.moved })
  const local = (c: Context<AppEnv>) => {
    if (!fromThisMachine(c)) throw noSuchEndpoint()
  }
  app.get(DEV_CLOCK_PATH, (c) => {
    local(c)
    return c.json(state())
  })
  app.post(DEV_CLOCK_PATH, async (c) => {
    local(c)
    const { at } = await jsonBody(c, ClockInput)
    s.clock.set(at === null ? null : new Date(at))
    // What the move made due (a boundary, an alert's threshold, a retry) runs now, not at each
    // job's next poll: no write wakes them, and a test server may poll seldom.
    for (const job of s.jobs) job.wake()
    s.logger.info(at === null ? 'clock back to the real time' : `clock set to ${at}`)
    return c.json(state())
  })
}
