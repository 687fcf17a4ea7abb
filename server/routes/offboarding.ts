import { offboardingReport, offboard, undoOffboard } from '../access/offboard'
import type { App, Services } from '../context'
import { journalSource } from '../http/journal-source'
import { requireScope } from '../http/scope'
import { idParam } from '../http/validate'

// The leaver (issue 66, decision 074): offboard a person, read what remains, undo within ten
// minutes. The server's clock (server/clock.ts) decides the moment, so a test moves it.

export function registerOffboarding(app: App, s: Services) {
  app.post('/access/v1/users/:id/offboard', async (c) => {
    const p = c.get('principal')
    requireScope(p, 'users', 'update')
    const id = idParam(c)
    const report = await s.db.tx((q) => offboard(q, journalSource(c), p, id, s.clock.now()))
    // A disabled account stops on this server's next request (decision 055).
    s.principals.forget(id)
    s.lockSyncJob.wake()
    return c.json(report)
  })

  app.get('/access/v1/users/:id/offboard', async (c) => {
    const p = c.get('principal')
    requireScope(p, 'users', 'update')
    const id = idParam(c)
    return c.json(await offboardingReport(s.db, p, id, s.clock.now()))
  })

  app.post('/access/v1/users/:id/offboard/undo', async (c) => {
    const p = c.get('principal')
    requireScope(p, 'users', 'update')
    const id = idParam(c)
    const report = await s.db.tx((q) => undoOffboard(q, journalSource(c), p, id, s.clock.now()))
    s.principals.forget(id)
    s.lockSyncJob.wake()
    return c.json(report)
  })
}
