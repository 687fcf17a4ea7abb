import type { Context } from 'hono'
import { JournalListQuery, journalSortKeys, type JournalEntry } from '../../src/contract/journal'
import type { ListQuery } from '../../src/contract/list'
import type { App, Services } from '../context'
import type { Queryable } from '../db/database'
import { aboutTargets } from '../db/journal-about'
import { badField } from '../http/errors'
import { listPage, type ListSpec } from '../http/list'
import { orgLimit, requireScope } from '../http/scope'
import { query } from '../http/validate'

const select = `journal_id, at, actor_id, actor_email, client_address, organization_id, action,
  target_type, target_id, target_name, changes, request_id, audit_id`

// Time order is id order (migration 013's trigger never lets `at` go back), so either sort may
// walk either column, and takes the one the filter's index ends in: `at` for a time range alone
// (journal_at), else the id (every other index ends in journal_id). An actor's rows sorted by
// `at` would otherwise be read whole and sorted.
const byId = { journal_id: 'journal_id', at: 'journal_id' } as const
const byTime = { journal_id: 'at', at: 'at' } as const

/**
 * GET /org/v1/journal. Read only: the journal is written by the changes themselves (db/journal.ts).
 * Every filter is a condition on an indexed column (migration 013); an :org reader's organization
 * is one more, so another organization's ids find nothing.
 */
export function registerJournal(app: App, s: Services) {
  app.get('/org/v1/journal', async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'journal', 'read'), p)
    const { list, ...filters } = journalQuery(c)
    const page = await s.db.tx(async (q) => {
      // Count and rows from one snapshot, as the users list does: a deep page leans on the count.
      await q.query('set transaction isolation level repeatable read')
      return listPage<JournalSortKey, JournalEntry>(
        q,
        await journalListSpec(q, limit, filters),
        list,
      )
    })
    return c.json(page)
  })
}

type JournalSortKey = (typeof journalSortKeys)[number]
type JournalFilters = Omit<JournalListQuery, keyof ListQuery<JournalSortKey>>

/** The journal's list parameters apart from its filters, refusing an about_type without about_id. */
export function journalQuery(c: Context) {
  const { actor_id, target_type, target_id, action, from, to, about_type, about_id, ...list } =
    query(c, JournalListQuery)
  if ((about_type === undefined) !== (about_id === undefined)) {
    throw badField(
      about_type === undefined ? 'about_type' : 'about_id',
      'Give about_type and about_id together.',
    )
  }
  const filters = { actor_id, target_type, target_id, action, from, to, about_type, about_id }
  return { list, ...filters }
}

/**
 * The journal list with its filters; `about` reads the targets it covers, so call it in the
 * transaction that reads the rows.
 */
export async function journalListSpec(
  q: Queryable,
  limit: number | null,
  { actor_id, target_type, target_id, action, from, to, about_type, about_id }: JournalFilters,
): Promise<ListSpec<JournalSortKey>> {
  const where: string[] = []
  const params: unknown[] = []
  const filter = (condition: (n: string) => string, value: unknown) => {
    params.push(value)
    where.push(condition(`$${params.length}`))
  }
  if (limit !== null) filter((n) => `organization_id = ${n}`, limit)
  if (actor_id !== undefined) filter((n) => `actor_id = ${n}`, actor_id)
  if (target_type !== undefined) filter((n) => `target_type = ${n}`, target_type)
  if (target_id !== undefined) filter((n) => `target_id = ${n}`, target_id)
  if (action !== undefined) filter((n) => `action = ${n}`, action)
  if (from !== undefined) filter((n) => `at >= ${n}::timestamptz`, from)
  if (to !== undefined) filter((n) => `at < ${n}::timestamptz`, to)
  if (about_type !== undefined && about_id !== undefined) {
    const about = await aboutTargets(q, about_type, about_id)
    params.push(about.types, about.ids)
    where.push(
      `(target_type, target_id) in (select * from unnest($${params.length - 1}::text[], $${params.length}::bigint[]))`,
    )
  }
  return {
    select,
    from: 'journal',
    where,
    params,
    searchColumns: ['actor_email', 'target_name', 'action'],
    sortColumns:
      (from !== undefined || to !== undefined) &&
      [actor_id, target_type, target_id, action, about_type].every((v) => v === undefined)
        ? byTime
        : byId,
    tiebreak: 'journal_id',
    // A page's ids are found along the filter's index first (an index-only scan where the
    // pages are all-visible), and only its rows are read: a deep page of one actor otherwise
    // read every row it skipped (346 ms at start 28,867 of 57,734, bench/journal.ts).
    keysFrom: 'journal',
    // Ids are dense from the retention cut to the head: the whole journal's count is a
    // subtraction, where count(*) would read a million rows.
    ...(where.length === 0
      ? { total: '(select journal_id from journal_head) - (select through_id from journal_anchor)' }
      : {}),
  }
}
