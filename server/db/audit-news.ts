import { AUDIT_NEWS_CAP, type AuditNews } from '../../src/contract/audits'
import { likePattern } from '../http/list'
import { COUNTER, narrow, scopeTotal, searchable, sequenceOf } from './audit-paging'
import type { Queryable } from './database'

/**
 * How many entries arrived after `after` that match the search (and are of `doorId`'s devices).
 * The sequences are dense, so without either that is the counter minus `after`; with one, the new
 * entries are walked in index order (the order by keeps the planner on the index: a LIMIT alone
 * tempts it into a scan of the whole log) and counted up to the cap, in the statement that reads
 * the counter. The cost follows the new entries, never the size of the log.
 */
export async function auditNews(
  q: Queryable,
  organizationId: number | null,
  after: number,
  search: string,
  doorId?: number,
): Promise<AuditNews> {
  const capped = (upto: number, count: number): AuditNews => ({
    upto,
    count: Math.min(count, AUDIT_NEWS_CAP),
    more: count > AUDIT_NEWS_CAP,
  })
  if (search === '' && doorId === undefined) {
    const upto = await scopeTotal(q, organizationId)
    return capped(upto, Math.max(0, upto - after))
  }
  const seq = sequenceOf(organizationId)
  const where = [`${seq} > $2`, `${seq} <= c.upto`]
  const params: unknown[] = [organizationId ?? 0, after]
  if (organizationId !== null) where.push('organization_id = $1')
  if (search !== '') {
    const match = searchable.map((column) => `lower(${column}) like $3`).join(' or ')
    params.push(likePattern(search))
    where.push(`(${match})`)
  }
  narrow(where, params, { door_id: doorId })
  const [row] = await q.query<{ upto: number; count: number }>(
    `with c as (select ${COUNTER} as upto)
     select c.upto, (select count(*)::int from (
         select 1 from device_audits
         where ${where.join(' and ')}
         order by ${seq} limit ${AUDIT_NEWS_CAP + 1}) n) as count
     from c`,
    params,
  )
  return capped(row?.upto ?? 0, row?.count ?? 0)
}
