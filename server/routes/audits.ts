import { AuditListQuery, AuditNewsQuery } from '../../src/contract/audits'
import type { App, Services } from '../context'
import { auditNews } from '../db/audit-news'
import { auditPage, filteredPage } from '../db/audit-pages'
import { narrows } from '../db/audit-paging'
import { orgLimit, requireScope } from '../http/scope'
import { query } from '../http/validate'

export function registerAudits(app: App, s: Services) {
  app.get('/sbm/v1/devices/audit', async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'devices:audits', 'read'), p)
    const { upto: asked, device_id, door_id, ...q } = query(c, AuditListQuery)
    const filter = { device_id, door_id }
    if (narrows(filter)) return c.json(await filteredPage(s.db, limit, filter, q, asked))
    return c.json(await auditPage(s.db, limit, q, asked))
  })

  app.get('/sbm/v1/devices/audit/news', async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'devices:audits', 'read'), p)
    const q = query(c, AuditNewsQuery)
    return c.json(await auditNews(s.db, limit, q.after, q.search, q.door_id))
  })
}
