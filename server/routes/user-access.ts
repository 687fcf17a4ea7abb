import { UserAccessQuery } from '../../src/contract/pin-entry'
import type { App, Services } from '../context'
import { whereCanTheyGo } from '../db/user-access'
import { answerFromOneSnapshot, askedMoment } from '../http/access-question'
import { ensureInScope, requireScope } from '../http/scope'
import { idParam, query } from '../http/validate'

/**
 * GET /access/v1/users/{id}/access?at=…: where a person may go and when (decision 067). Who may
 * read "who can open" may read this, its mirror: `credentials:read` in the person's organization;
 * a past moment reads the journal, so it needs the journal's permission as well.
 */
export function registerUserAccess(app: App, s: Services) {
  app.get('/access/v1/users/:id/access', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'credentials', 'read')
    const id = idParam(c)
    const { at } = query(c, UserAccessQuery)
    if (at !== undefined) requireScope(p, 'journal', 'read')
    const answer = await s.db.tx(async (q) => {
      await answerFromOneSnapshot(q)
      const [row] = await q.query<{ organization_id: number }>(
        { name: 'user_access_user', text: 'select organization_id from users where user_id = $1' },
        [id],
      )
      const user = ensureInScope(scope, p, row, 'User')
      // Read after the snapshot began: every change it holds was journaled before this moment.
      const { moment } = await askedMoment(q, at, s.clock.now())
      return whereCanTheyGo(q, id, user.organization_id, moment, at !== undefined)
    })
    return c.json(answer)
  })
}
