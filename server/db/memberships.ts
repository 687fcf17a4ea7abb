import type { Prepared, Queryable } from './database'
import { changeRow, writeJournalRows, type JournalRow, type JournalSource } from './journal'

// A group's members are written here only: by the members routes, the users CSV import, and the
// deletes of a group or a user, which take its memberships along. Each added, changed or removed
// membership gets its journal row in the same transaction, so the past of "who can open" can be
// rebuilt from the journal (decision 052's complete rows).

/** A membership as the journal records it, with the names its row is called by. */
interface Membership {
  member_id: number
  group_id: number
  user_id: number
  organization_id: number
  valid_from: string | null
  valid_until: string | null
  email: string
  group_name: string
}

/** One person to put into one group, from `valid_from` until `valid_until` (null: open). */
export interface MemberWrite {
  group_id: number
  user_id: number
  valid_from: string | null
  valid_until: string | null
}

/** Whom a membership admits where: "clara.weber@acme.example → Reception team". */
const memberName = (m: Membership) => `${m.email} → ${m.group_name}`

const stored = 'member_id, group_id, user_id, organization_id, valid_from, valid_until'

/**
 * Adds the people, or sets the window of those already in the group, in one statement: the unique
 * (group_id, user_id) makes a concurrent add of the same person one membership. `was` is read from
 * the statement's own snapshot; with the groups locked (lockGroups) nobody changes them meanwhile.
 * A membership whose window is already the one asked for is not written and not answered.
 */
const upsert: Prepared = {
  name: 'group_members_upsert',
  text: `with x as (
       select * from unnest($1::int[], $2::int[], $3::timestamptz[], $4::timestamptz[])
         as x(group_id, user_id, valid_from, valid_until)
     ), was as (
       select m.group_id, m.user_id, m.valid_from, m.valid_until from group_members m
       join x using (group_id, user_id)
     ), up as (
       insert into group_members (group_id, user_id, organization_id, valid_from, valid_until)
       select x.group_id, x.user_id, g.organization_id, x.valid_from, x.valid_until
       from x join access_groups g using (group_id)
       on conflict (group_id, user_id) do update
         set valid_from = excluded.valid_from, valid_until = excluded.valid_until
         where not $5::boolean and (group_members.valid_from, group_members.valid_until)
           is distinct from (excluded.valid_from, excluded.valid_until)
       returning ${stored}
     )
     select up.*, u.email, g.name as group_name, was.user_id is not null as existed,
       was.valid_from as was_from, was.valid_until as was_until
     from up join users u using (user_id) join access_groups g using (group_id)
       left join was using (group_id, user_id)
     order by up.group_id, up.user_id`,
}

/** Removes memberships by group and person; those that do not exist are skipped. */
const remove: Prepared = {
  name: 'group_members_remove',
  text: `with d as (
       delete from group_members m using unnest($1::int[], $2::int[]) as x(group_id, user_id)
       where m.group_id = x.group_id and m.user_id = x.user_id
       returning m.member_id, m.group_id, m.user_id, m.organization_id, m.valid_from, m.valid_until
     )
     select d.*, u.email, g.name as group_name
     from d join users u using (user_id) join access_groups g using (group_id)
     order by d.group_id, d.user_id`,
}

/** Every membership of a group or of a person (`$1`), removed: before either is deleted. */
const removeAllOf = (column: 'group_id' | 'user_id'): Prepared => ({
  name: `group_members_remove_by_${column}`,
  text: `with d as (
       delete from group_members m where m.${column} = $1
       returning m.member_id, m.group_id, m.user_id, m.organization_id, m.valid_from, m.valid_until
     )
     select d.*, u.email, g.name as group_name
     from d join users u using (user_id) join access_groups g using (group_id)
     order by d.group_id, d.user_id`,
})
const removeAll = { group: removeAllOf('group_id'), user: removeAllOf('user_id') }

const lockGroupsStatement: Prepared = {
  name: 'access_groups_lock_members',
  text: `select group_id from access_groups where group_id = any($1::int[])
     order by group_id for no key update`,
}

/**
 * Locks the groups whose members are about to change, in id order (so two writers of several
 * groups never wait for each other in a circle): members of one group are written one request
 * after another, and each journal row's "before" is what the membership was. A group's delete
 * (`for update`) waits for them, and they for it.
 */
export async function lockGroups(q: Queryable, groupIds: readonly number[]): Promise<void> {
  await q.query(lockGroupsStatement, [[...new Set(groupIds)]])
}

const deleteRows = (rows: readonly Membership[]) =>
  rows.map((row) => changeRow('group_member', row.member_id, row, null, memberName))

/**
 * Puts people into groups already locked (lockGroups), their organizations already checked, each
 * pair at most once: answers how many were added and how many had their window changed.
 * `keepWindows` leaves those already in a group as they are (the users import only adds).
 */
export async function addMembers(
  q: Queryable,
  source: JournalSource,
  writes: readonly MemberWrite[],
  keepWindows = false,
): Promise<{ added: number; updated: number }> {
  if (writes.length === 0) return { added: 0, updated: 0 }
  const rows = await q.query<
    Membership & { existed: boolean; was_from: string | null; was_until: string | null }
  >(upsert, [
    writes.map((w) => w.group_id),
    writes.map((w) => w.user_id),
    writes.map((w) => w.valid_from),
    writes.map((w) => w.valid_until),
    keepWindows,
  ])
  await writeJournalRows(
    q,
    source,
    rows.map(({ existed, was_from, was_until, ...after }) =>
      changeRow(
        'group_member',
        after.member_id,
        existed ? { ...after, valid_from: was_from, valid_until: was_until } : null,
        after,
        memberName,
      ),
    ),
  )
  const added = rows.filter((r) => !r.existed).length
  return { added, updated: rows.length - added }
}

/** Takes people out of groups already locked (lockGroups): answers how many memberships went. */
export async function removeMembers(
  q: Queryable,
  source: JournalSource,
  pairs: readonly { group_id: number; user_id: number }[],
): Promise<number> {
  if (pairs.length === 0) return 0
  const rows = await q.query<Membership>(remove, [
    pairs.map((p) => p.group_id),
    pairs.map((p) => p.user_id),
  ])
  await writeJournalRows(q, source, deleteRows(rows))
  return rows.length
}

/**
 * Removes every membership of a group or of a person about to be deleted (its row locked `for
 * update`, so no membership is added meanwhile) and answers their journal rows, which the caller
 * writes with the delete's own, last: the cascade would remove them without a row.
 */
export async function removeAllMembers(
  q: Queryable,
  of: 'group' | 'user',
  id: number,
): Promise<JournalRow[]> {
  return deleteRows(await q.query<Membership>(removeAll[of], [id]))
}

// The users are locked `for key share` and read as they are then: a user moving to another
// organization (server/routes/user-writes.ts locks them `for update`) is seen where they went.
const outsiders: Prepared = {
  name: 'group_members_outsiders',
  text: `select x.user_id from unnest($1::int[]) as x(user_id)
     left join (select user_id, organization_id from users where user_id = any($1::int[])
                for key share) u using (user_id)
     where u.organization_id is distinct from $2
     order by x.user_id`,
}

/**
 * The ids among `userIds` that are no user of the organization: unknown or another's, which the
 * answer does not tell apart (an id of another organization is as good as none).
 */
export async function notInOrganization(
  q: Queryable,
  organizationId: number,
  userIds: readonly number[],
): Promise<number[]> {
  const rows = await q.query<{ user_id: number }>(outsiders, [userIds, organizationId])
  return rows.map((r) => r.user_id)
}
