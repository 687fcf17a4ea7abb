import { UserListQuery, userSortKeys, type User } from '../../src/contract/users'
import { effectivePermissionsSql } from '../auth/principal'
import type { App, Services } from '../context'
import type { Prepared, Queryable } from '../db/database'
import { listPage, onePass, type ListSpec } from '../http/list'
import { ensureInScope, orgLimit, requireScope } from '../http/scope'
import { idParam, query } from '../http/validate'

export const userSelect = `u.user_id, u.username, u.email, u.title, u.first_name, u.last_name,
  u.phone_number, u.notes, u.roles, u.permissions, ${effectivePermissionsSql} as effective_permissions,
  u.organization_id, o.name as organization_name, u.client_ids, u.disabled, u.email_confirmed,
  u.phone_confirmed, u.email_withdrawn_at, u.created_at, u.updated_at`
export const userFrom = 'users u join organizations o using (organization_id)'

export async function findUser(q: Queryable, id: number): Promise<User | undefined> {
  const [row] = await q.query<User>(`select ${userSelect} from ${userFrom} where u.user_id = $1`, [
    id,
  ])
  return row
}

const usersById: Prepared = {
  name: 'users_by_id',
  text: `select ${userSelect} from ${userFrom} where u.user_id = any($1::int[])`,
}

/** The users with the ids `ids` (those that exist), in no particular order. */
export const findUsers = (q: Queryable, ids: readonly number[]): Promise<User[]> =>
  ids.length === 0 ? Promise.resolve([]) : q.query<User>(usersById, [ids])

const sortColumns: Record<(typeof userSortKeys)[number], string> = {
  user_id: 'u.user_id',
  username: 'lower(u.username)',
  email: 'lower(u.email)',
  first_name: 'lower(u.first_name)',
  last_name: 'lower(u.last_name)',
  created_at: 'u.created_at',
}

/** The users list of every organization (limit null) or one; each order is an index (migration 010). */
export const userListSpec = (limit: number | null): ListSpec<(typeof userSortKeys)[number]> => ({
  select: userSelect,
  from: userFrom,
  where: limit === null ? [] : ['u.organization_id = $1'],
  params: limit === null ? [] : [limit],
  searchColumns: ['u.username', 'u.email', 'u.first_name', 'u.last_name'],
  sortColumns,
  tiebreak: 'u.user_id',
  indexedSearch: true,
  keysFrom: 'users u',
  // Kept exact by triggers (migration 002); count(*) would read every user.
  total:
    limit === null
      ? '(select coalesce(sum(n), 0) from user_counts)'
      : '(select coalesce(sum(n), 0) from user_counts where organization_id = $1)',
})

export function registerUsers(app: App, s: Services) {
  // The caller was read from the database for this very request (auth/principal.ts): no second query.
  app.get('/org/v1/users/me', (c) => {
    const p = c.get('principal')
    return c.json({
      user_id: p.userId,
      username: p.username,
      email: p.email,
      title: p.title,
      first_name: p.firstName,
      last_name: p.lastName,
      roles: p.roles,
      permissions: p.permissions,
      organization_id: p.organizationId,
      organization_name: p.organizationName,
    })
  })

  app.get('/org/v1/users/permissions', (c) =>
    c.json({ permissions: c.get('principal').permissions }),
  )

  app.get('/org/v1/users/roles/permissions', async (c) => {
    const rows = await s.db.query<{ role: string; permissions: string[] }>(
      'select role, permissions from roles order by position',
    )
    return c.json({ data: rows })
  })

  app.get('/org/v1/users', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'users', 'read')
    const limit = orgLimit(scope, p)
    const listQuery = query(c, UserListQuery)
    const spec = userListSpec(limit)
    // A search is one statement, one snapshot. Otherwise count and rows come from two, in one
    // snapshot: a deep page is read from the end, so it leans on the count.
    const page = onePass(spec, listQuery)
      ? await listPage<(typeof userSortKeys)[number], User>(s.db, spec, listQuery)
      : await s.db.tx(async (tx) => {
          await tx.query('set transaction isolation level repeatable read')
          return listPage<(typeof userSortKeys)[number], User>(tx, spec, listQuery)
        })
    return c.json(page)
  })

  app.get('/org/v1/users/:id', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'users', 'read')
    const user = await findUser(s.db, idParam(c))
    return c.json(ensureInScope(scope, p, user, 'User'))
  })
}
