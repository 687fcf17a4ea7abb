import { AuditListQuery, AuditNewsQuery } from '../../src/contract/audits'
import type { App, Services } from '../context'
import { auditNews } from '../db/audit-news'
import { auditPage, devicePage } from '../db/audit-pages'
import { orgLimit, requireScope } from '../http/scope'
import { query } from '../http/validate'

export function registerAudits(app: App, s: Services) {
  app.get('/sbm/v1/devices/audit', async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'devices:audits', 'read'), p)
    const { upto: asked, device_id: deviceId, ...q } = query(c, AuditListQuery)
    if (deviceId !== undefined) return c.json(await devicePage(s.db, limit, deviceId, q))
    return c.json(await auditPage(s.db, limit, q, asked))
  })

  app.get('/sbm/v1/devices/audit/news', async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'devices:audits', 'read'), p)
    const q = query(c, AuditNewsQuery)
    return c.json(await auditNews(s.db, limit, q.after, q.search))
  })
}
