import { AUDIT_NEWS_CAP, type AuditNews } from '../../src/contract/audits'
import { likePattern } from '../http/list'
import { COUNTER, scopeTotal, searchable, sequenceOf } from './audit-paging'
import type { Queryable } from './database'

/**
 * How many entries arrived after `after` that match the search. The sequences are dense, so
 * without a search that is the counter minus `after`; with one, the new entries are walked in
 * index order (the order by keeps the planner on the index: a LIMIT alone tempts it into a scan of
 * the whole log) and counted up to the cap, in the statement that reads the counter. The cost
 * follows the new entries, never the size of the log.
 */
export async function auditNews(
  q: Queryable,
  organizationId: number | null,
  after: number,
  search: string,
): Promise<AuditNews> {
  const capped = (upto: number, count: number): AuditNews => ({
    upto,
    count: Math.min(count, AUDIT_NEWS_CAP),
    more: count > AUDIT_NEWS_CAP,
  })
  if (search === '') {
    const upto = await scopeTotal(q, organizationId)
    return capped(upto, Math.max(0, upto - after))
  }
  const seq = sequenceOf(organizationId)
  const org = organizationId === null ? '' : 'and organization_id = $1'
  const match = searchable.map((column) => `lower(${column}) like $3`).join(' or ')
  const [row] = await q.query<{ upto: number; count: number }>(
    `with c as (select ${COUNTER} as upto)
     select c.upto, (select count(*)::int from (
         select 1 from device_audits
         where ${seq} > $2 and ${seq} <= c.upto ${org} and (${match})
         order by ${seq} limit ${AUDIT_NEWS_CAP + 1}) n) as count
     from c`,
    [organizationId ?? 0, after, likePattern(search)],
  )
  return capped(row?.upto ?? 0, row?.count ?? 0)
}
