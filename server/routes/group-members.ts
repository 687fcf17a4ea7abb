import {
  GROUPS_PATH,
  MemberListQuery,
  MembersAdd,
  MembersRemove,
  memberSortKeys,
  type Member,
  type MembersChanged,
} from '../../src/contract/access-model'
import type { Operation } from '../../src/contract/permissions'
import type { Context } from 'hono'
import type { App, AppEnv, Services } from '../context'
import type { Queryable } from '../db/database'
import { lockRow } from '../db/locks'
import { addMembers, notInOrganization, removeMembers } from '../db/memberships'
import { conflict } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { listPage, type ListSpec } from '../http/list'
import { ensureInScope, requireScope } from '../http/scope'
import { idParam, jsonBody, query } from '../http/validate'
import { findGroup } from './groups'

// A group's members (decision 065): listed in pages, added and removed up to 1,000 a request, each
// change journaled (server/db/memberships.ts).

const membersPath = `${GROUPS_PATH}/:id/members`

const sortColumns: Record<(typeof memberSortKeys)[number], string> = {
  email: 'lower(u.email)',
  created_at: 'm.created_at',
}

const memberListSpec = (groupId: number): ListSpec<(typeof memberSortKeys)[number]> => ({
  select: `m.member_id, m.group_id, m.user_id, u.email, u.first_name, u.last_name, m.valid_from,
    m.valid_until, m.created_at`,
  from: 'group_members m join users u using (user_id)',
  where: ['m.group_id = $1'],
  params: [groupId],
  searchColumns: ['u.email', 'u.first_name', 'u.last_name'],
  sortColumns,
  tiebreak: 'm.member_id',
})

/**
 * The group of the path, in the caller's scope for `operation`, or 404. To change its members it
 * is locked first: members of one group are written one request after another, and a DELETE of
 * the group waits for them (server/db/memberships.ts).
 */
async function groupOf(q: Queryable, c: Context<AppEnv>, operation: Operation) {
  const p = c.get('principal')
  const scope = requireScope(p, 'groups', operation)
  const id = idParam(c)
  if (operation !== 'read') await lockRow(q, 'access_groups', id, 'no key update')
  return ensureInScope(scope, p, await findGroup(q, id), 'Group')
}

/**
 * 409 naming `field` and the ids when any person is no user of the group's organization (unknown
 * or another organization's: the answer does not tell which).
 */
async function refuseOutsiders(
  q: Queryable,
  organizationId: number,
  userIds: readonly number[],
  field: string,
) {
  const outsiders = await notInOrganization(q, organizationId, userIds)
  if (outsiders.length > 0)
    throw conflict(
      `These users are not in the group's organization: ${outsiders.join(', ')}.`,
      field,
      'conflict',
      { subject: 'member', user_ids: outsiders.join(', ') },
    )
}

export function registerGroupMembers(app: App, s: Services) {
  app.get(membersPath, async (c) => {
    const group = await groupOf(s.db, c, 'read')
    const list = query(c, MemberListQuery)
    // Count and rows in one snapshot, as the users list: a deep page is read from the end.
    const page = await s.db.tx(async (tx) => {
      await tx.query('set transaction isolation level repeatable read')
      return listPage<(typeof memberSortKeys)[number], Member>(
        tx,
        memberListSpec(group.group_id),
        list,
      )
    })
    return c.json(page)
  })

  app.post(membersPath, async (c) => {
    requireScope(c.get('principal'), 'groups', 'update')
    const { members } = await jsonBody(c, MembersAdd)
    const changed = await s.db.tx(async (q): Promise<MembersChanged> => {
      const group = await groupOf(q, c, 'update')
      await refuseOutsiders(
        q,
        group.organization_id,
        members.map((m) => m.user_id),
        'members',
      )
      const written = await addMembers(
        q,
        journalSource(c),
        members.map((m) => ({
          group_id: group.group_id,
          user_id: m.user_id,
          valid_from: m.valid_from ?? null,
          valid_until: m.valid_until ?? null,
        })),
      )
      return { ...written, removed: 0 }
    })
    return c.json(changed)
  })

  app.delete(membersPath, async (c) => {
    requireScope(c.get('principal'), 'groups', 'update')
    const { user_ids: userIds } = await jsonBody(c, MembersRemove)
    const changed = await s.db.tx(async (q): Promise<MembersChanged> => {
      const group = await groupOf(q, c, 'update')
      await refuseOutsiders(q, group.organization_id, userIds, 'user_ids')
      const removed = await removeMembers(
        q,
        journalSource(c),
        userIds.map((userId) => ({ group_id: group.group_id, user_id: userId })),
      )
      return { added: 0, updated: 0, removed }
    })
    return c.json(changed)
  })
}
