import {
  GROUPS_PATH,
  GroupInput,
  GroupListQuery,
  GroupUpdate,
  groupSortKeys,
  type Group,
} from '../../src/contract/access-model'
import { inScope } from '../../src/contract/permissions'
import type { App, Services } from '../context'
import type { Queryable } from '../db/database'
import { byName, changeRow, writeJournal, writeJournalRows } from '../db/journal'
import { lockRow } from '../db/locks'
import { removeAllMembers } from '../db/memberships'
import { conflict, notFound } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { listPage, type ListSpec } from '../http/list'
import { ensureInScope, orgLimit, requireScope } from '../http/scope'
import { idParam, jsonBody, query } from '../http/validate'

// Access groups (decision 065): people given places through rules. Their members are at
// group-members.ts.

const select = `g.group_id, g.organization_id, g.name, g.description,
  (select count(*)::int from group_members m where m.group_id = g.group_id) as member_count,
  g.created_at, g.updated_at`

export async function findGroup(q: Queryable, id: number) {
  const [row] = await q.query<Group>(
    `select ${select} from access_groups g where g.group_id = $1`,
    [id],
  )
  return row
}

const sortColumns: Record<(typeof groupSortKeys)[number], string> = {
  group_id: 'g.group_id',
  name: 'lower(g.name)',
  created_at: 'g.created_at',
}

const groupListSpec = (limit: number | null): ListSpec<(typeof groupSortKeys)[number]> => ({
  select,
  from: 'access_groups g',
  where: limit === null ? [] : ['g.organization_id = $1'],
  params: limit === null ? [] : [limit],
  searchColumns: ['g.name'],
  sortColumns,
  tiebreak: 'g.group_id',
})

/** How many rules name the group: while any does, it is not deleted (409). */
async function rulesNaming(q: Queryable, groupId: number): Promise<number> {
  const [row] = await q.query<{ n: number }>(
    'select count(*)::int as n from access_rules where group_ids @> array[$1::int]',
    [groupId],
  )
  return row?.n ?? 0
}

export function registerGroups(app: App, s: Services) {
  app.get(GROUPS_PATH, async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'groups', 'read'), p)
    return c.json(await listPage(s.db, groupListSpec(limit), query(c, GroupListQuery)))
  })

  app.get(`${GROUPS_PATH}/:id`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'groups', 'read')
    return c.json(ensureInScope(scope, p, await findGroup(s.db, idParam(c)), 'Group'))
  })

  app.post(GROUPS_PATH, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'groups', 'create')
    const input = await jsonBody(c, GroupInput)
    const organizationId = input.organization_id ?? p.organizationId
    if (!inScope(scope, p.organizationId, organizationId)) throw notFound('Organization')
    const created = await s.db.tx(async (q) => {
      const [row] = await q.query<{ group_id: number }>(
        `insert into access_groups (organization_id, name, description)
         select organization_id, $2, $3 from organizations where organization_id = $1
         returning group_id`,
        [organizationId, input.name.trim(), input.description ?? ''],
      )
      if (!row) throw notFound('Organization')
      const group = (await findGroup(q, row.group_id)) ?? null
      await writeJournal(q, journalSource(c), changeRow('group', row.group_id, null, group, byName))
      return group
    })
    return c.json(created, 201)
  })

  app.put(`${GROUPS_PATH}/:id`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'groups', 'update')
    const id = idParam(c)
    const patch = await jsonBody(c, GroupUpdate)
    const updated = await s.db.tx(async (q) => {
      // Locked first: two edits take turns (neither loses the other's field), a DELETE waits.
      await lockRow(q, 'access_groups', id, 'update')
      const group = ensureInScope(scope, p, await findGroup(q, id), 'Group')
      await q.query(
        'update access_groups set name = $2, description = $3, updated_at = now() where group_id = $1',
        [id, (patch.name ?? group.name).trim(), patch.description ?? group.description],
      )
      const after = (await findGroup(q, id)) ?? null
      await writeJournal(q, journalSource(c), changeRow('group', id, group, after, byName))
      return after
    })
    return c.json(updated)
  })

  app.delete(`${GROUPS_PATH}/:id`, async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'groups', 'delete')
    const id = idParam(c)
    await s.db.tx(async (q) => {
      // Locked first: a rule naming it (which locks it `for key share`) is counted below or waits
      // and finds it gone; members being added wait and find it gone.
      await lockRow(q, 'access_groups', id, 'update')
      const group = ensureInScope(scope, p, await findGroup(q, id), 'Group')
      const rules = await rulesNaming(q, id)
      if (rules > 0)
        throw conflict(
          `${rules} access rule(s) still name this group: take it out of them first.`,
          undefined,
          'in_use',
          { subject: 'group', rules },
        )
      // Its members go with it, each with its own row (the past of "who can open" needs them).
      const members = await removeAllMembers(q, 'group', id)
      await q.query('delete from access_groups where group_id = $1', [id])
      await writeJournalRows(q, journalSource(c), [
        ...members,
        changeRow('group', id, group, null, byName),
      ])
    })
    return c.body(null, 204)
  })
}
