import { describe, expect, it } from 'vitest'
import { AccessRule, Group, Member, MembersChanged } from '../../src/contract/access-model'
import { JournalEntry } from '../../src/contract/journal'
import { listOf } from '../../src/contract/list'
import { Door } from '../../src/contract/locations'
import { Me, User } from '../../src/contract/users'
import { ADMIN, ORGADMIN, shaped, useServer } from './helpers'
import { bodiesOf, race, tally } from './race-helpers'

// The access model's rules under concurrency (docs/invariants.md): on PostgreSQL the N requests
// meet in the database, so only its constraints and row locks give the exact outcome; the
// journal's rows must tell the same story as the rows themselves.
const N = 20
const server = useServer()

async function acmeUsers(token: string, count: number) {
  const page = shaped(
    (await server().request('GET', `/org/v1/users?length=${count}&order_by=user_id`, { token }))
      .body,
    listOf(User),
  )
  return page.data.map((u) => u.user_id)
}

async function newGroup(token: string, name: string) {
  const reply = await server().request('POST', '/access/v1/groups', { token, json: { name } })
  return shaped(reply.body, Group)
}

/** The journal rows of one target type, oldest first, with their targets' names. */
async function journalOf(token: string, type: string, search: string) {
  const reply = await server().request(
    'GET',
    `/org/v1/journal?target_type=${type}&search=${encodeURIComponent(search)}&order_direction=asc&length=500`,
    { token },
  )
  return shaped(reply.body, listOf(JournalEntry)).data
}

async function membersOf(token: string, groupId: number) {
  const reply = await server().request('GET', `/access/v1/groups/${groupId}/members?length=500`, {
    token,
  })
  return shaped(reply.body, listOf(Member)).data
}

describe('the access model under concurrency', () => {
  it('gives a group name to one group of the organization only, whatever its letter case', async () => {
    const token = await server().login(ORGADMIN)
    const replies = await race(N, (i) =>
      server().request('POST', '/access/v1/groups', {
        token,
        json: { name: i % 2 ? 'Racing team' : 'RACING TEAM' },
      }),
    )
    expect(tally(replies)).toEqual({ 201: 1, 409: N - 1 })
    for (const body of bodiesOf(replies, 409))
      expect(body).toMatchObject({ field: 'name', rule: 'taken', params: { subject: 'group' } })
  })

  it('makes one membership of concurrent adds of one person, each window change journaled', async () => {
    const token = await server().login(ORGADMIN)
    const [userId] = await acmeUsers(token, 1)
    const group = await newGroup(token, 'Adders')
    const replies = await race(N, (i) =>
      server().request('POST', `/access/v1/groups/${group.group_id}/members`, {
        token,
        json: {
          members: [
            { user_id: userId, valid_until: `2030-01-${String(i + 1).padStart(2, '0')}T00:00:00Z` },
          ],
        },
      }),
    )
    expect(tally(replies)).toEqual({ 200: N })
    const changed = replies.map((r) => shaped(r.body, MembersChanged))
    expect(changed.reduce((n, c) => n + c.added, 0)).toBe(1)
    expect(changed.reduce((n, c) => n + c.updated, 0)).toBe(N - 1)
    const members = await membersOf(token, group.group_id)
    expect(members).toHaveLength(1)
    const rows = await journalOf(token, 'group_member', '→ Adders')
    expect(rows.map((r) => r.action)).toEqual(['create', ...Array<string>(N - 1).fill('update')])
    // Each change starts where the one before it ended, and the last is what the row holds.
    rows.slice(1).forEach((row, i) => {
      const before = rows[i]?.changes.valid_until?.[1]
      expect(row.changes.valid_until?.[0]).toEqual(before)
    })
    expect(rows.at(-1)?.changes.valid_until?.[1]).toBe(members[0]?.valid_until)
  })

  it('leaves concurrent adds and removes as consistent as their journal rows say', async () => {
    const token = await server().login(ORGADMIN)
    const people = await acmeUsers(token, 4)
    const group = await newGroup(token, 'Swingers')
    const replies = await race(N, (i) =>
      i % 2 === 0
        ? server().request('POST', `/access/v1/groups/${group.group_id}/members`, {
            token,
            json: { members: people.map((id) => ({ user_id: id })) },
          })
        : server().request('DELETE', `/access/v1/groups/${group.group_id}/members`, {
            token,
            json: { user_ids: people },
          }),
    )
    expect(tally(replies)).toEqual({ 200: N })
    const changed = replies.map((r) => shaped(r.body, MembersChanged))
    const added = changed.reduce((n, c) => n + c.added, 0)
    const removed = changed.reduce((n, c) => n + c.removed, 0)
    const members = (await membersOf(token, group.group_id)).map((m) => m.user_id).sort()
    expect(added - removed).toBe(members.length)
    // Replaying the journal gives the memberships there are; every add and remove has its row.
    const rows = await journalOf(token, 'group_member', '→ Swingers')
    expect(rows.filter((r) => r.action === 'create')).toHaveLength(added)
    expect(rows.filter((r) => r.action === 'delete')).toHaveLength(removed)
    const replayed = new Set<number>()
    for (const row of rows) {
      const userId = Number(row.changes.user_id?.[row.action === 'delete' ? 0 : 1])
      if (row.action === 'delete') {
        expect(replayed.has(userId)).toBe(true)
        replayed.delete(userId)
      } else {
        expect(replayed.has(userId)).toBe(false)
        replayed.add(userId)
      }
    }
    expect([...replayed].sort()).toEqual(members)
  })

  it('loses no change of concurrent edits to one rule', async () => {
    const token = await server().login(ORGADMIN)
    const group = await newGroup(token, 'Editors')
    const doors = shaped(
      (await server().request('GET', '/sbm/v1/doors?length=1', { token })).body,
      listOf(Door),
    ).data
    const created = await server().request('POST', '/access/v1/rules', {
      token,
      json: {
        name: 'Edited rule',
        group_ids: [group.group_id],
        targets: [{ type: 'door', id: doors[0]?.door_id }],
      },
    })
    const rule = shaped(created.body, AccessRule)
    // Half the edits rename it, half move its end: each merges its field into the rule as the
    // one before it left it.
    const replies = await race(N, (i) =>
      server().request('PUT', `/access/v1/rules/${rule.rule_id}`, {
        token,
        json:
          i % 2 === 0
            ? { name: `Edited rule ${i}` }
            : { valid_until: `2031-01-${String(i + 1).padStart(2, '0')}T00:00:00Z` },
      }),
    )
    expect(tally(replies)).toEqual({ 200: N })
    const rows = (await journalOf(token, 'access_rule', 'Edited rule')).filter(
      (r) => r.target_id === rule.rule_id,
    )
    expect(rows.map((r) => r.action)).toEqual(['create', ...Array<string>(N).fill('update')])
    const final = shaped(
      (await server().request('GET', `/access/v1/rules/${rule.rule_id}`, { token })).body,
      AccessRule,
    )
    for (const field of ['name', 'valid_until'] as const) {
      const changes = rows.flatMap((r) => (r.changes[field] ? [r.changes[field]] : []))
      // Every change of the field starts from the value the last one left: none overwritten.
      changes.slice(1).forEach((change, i) => expect(change[0]).toEqual(changes[i]?.[1]))
      expect(changes.at(-1)?.[1]).toEqual(final[field])
    }
    // Ten renames and ten moves: each left its mark, none was undone by another's stale copy.
    const updates = rows.slice(1)
    expect(updates.filter((r) => 'name' in r.changes)).toHaveLength(N / 2)
    expect(updates.filter((r) => 'valid_until' in r.changes)).toHaveLength(N / 2)
  })

  it('never lets a rule name a group being deleted', async () => {
    const token = await server().login(ORGADMIN)
    const group = await newGroup(token, 'Doomed')
    const doors = shaped(
      (await server().request('GET', '/sbm/v1/doors?length=1', { token })).body,
      listOf(Door),
    ).data
    const replies = await race(N, (i) =>
      i === N / 2
        ? server().request('DELETE', `/access/v1/groups/${group.group_id}`, { token })
        : server().request('POST', '/access/v1/rules', {
            token,
            json: {
              name: `Doomed rule ${i}`,
              group_ids: [group.group_id],
              targets: [{ type: 'door', id: doors[0]?.door_id }],
            },
          }),
    )
    const deleted = replies[N / 2]?.status === 204
    const rules = shaped(
      (await server().request('GET', '/access/v1/rules?search=Doomed%20rule&length=100', { token }))
        .body,
      listOf(AccessRule),
    )
    const made = replies.filter((r) => r.status === 201).length
    expect(rules.recordsFiltered).toBe(made)
    if (deleted) {
      // Every rule that came after the delete found the group gone, and none came before it.
      expect(made).toBe(0)
      for (const body of bodiesOf(replies, 409)) expect(body).toMatchObject({ field: 'group_ids' })
    } else {
      expect(replies[N / 2]?.body).toMatchObject({ rule: 'in_use', params: { subject: 'group' } })
      expect(made).toBe(N - 1)
    }
  })

  it('leaves a deleted user in no group, every membership added meanwhile removed with its row', async () => {
    const token = await server().login(ORGADMIN)
    const admin = await server().login(ADMIN)
    const me = shaped((await server().request('GET', '/org/v1/users/me', { token })).body, Me)
    const person = shaped(
      (
        await server().request('POST', '/org/v1/users', {
          token: admin,
          json: {
            username: 'racing-leaver',
            email: 'racing-leaver@acme.example',
            roles: ['staff'],
            permissions: ['users:read:org'],
            organization_id: me.organization_id,
          },
        })
      ).body,
      User,
    )
    const groups = await Promise.all(
      Array.from({ length: N - 1 }, (_, i) => newGroup(token, `Leaver group ${i}`)),
    )
    const replies = await race(N, (i) => {
      const group = groups[i]
      return group === undefined
        ? server().request('DELETE', `/org/v1/users/${person.user_id}`, { token: admin })
        : server().request('POST', `/access/v1/groups/${group.group_id}/members`, {
            token,
            json: { members: [{ user_id: person.user_id }] },
          })
    })
    expect(replies[N - 1]?.status).toBe(204)
    for (const reply of replies.slice(0, N - 1)) {
      expect([200, 409]).toContain(reply.status)
      if (reply.status === 409) expect(reply.body).toMatchObject({ field: 'members' })
    }
    for (const group of groups)
      expect((await membersOf(token, group.group_id)).map((m) => m.user_id)).not.toContain(
        person.user_id,
      )
    const rows = await journalOf(token, 'group_member', 'racing-leaver@')
    const added = replies.slice(0, N - 1).filter((r) => r.status === 200).length
    expect(rows.filter((r) => r.action === 'create')).toHaveLength(added)
    expect(rows.filter((r) => r.action === 'delete')).toHaveLength(added)
  })
})
