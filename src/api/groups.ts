import {
  GROUPS_PATH,
  Group,
  MAX_MEMBERS_PER_REQUEST,
  Member,
  MembersChanged,
  type GroupInput,
  type GroupUpdate,
  type MembersAdd,
  type MembersRemove,
  type groupSortKeys,
  type memberSortKeys,
} from '../contract/access-model'
import { listOf, type ListQuery, type ListSource } from '../contract/list'
import { chunked } from '../lib/chunked'
import { apiRequest } from './client'
import { detailOptions, resourceKeys } from './queries'

export type GroupSort = (typeof groupSortKeys)[number]
export type MemberSort = (typeof memberSortKeys)[number]

const GroupPage = listOf(Group)
const MemberPage = listOf(Member)

// A group's members are kept under the group's own detail key: a write to the members refetches
// the group (its member count) and its lists, and deleting the group drops its members with it.
export const groupKeys = resourceKeys<GroupSort>('groups')

export const memberKeys = {
  list: (groupId: number, query: ListQuery<MemberSort>) =>
    [...groupKeys.detail(groupId), 'members', query] as const,
}

export function fetchGroupPage(query: ListQuery<GroupSort>, signal?: AbortSignal) {
  return apiRequest(GroupPage, { path: GROUPS_PATH, query, signal })
}

export function fetchGroup(id: number, signal?: AbortSignal) {
  return apiRequest(Group, { path: `${GROUPS_PATH}/${id}`, signal })
}

export function createGroup(input: GroupInput) {
  return apiRequest(Group, { method: 'POST', path: GROUPS_PATH, json: input })
}

export function updateGroup(id: number, input: GroupUpdate) {
  return apiRequest(Group, { method: 'PUT', path: `${GROUPS_PATH}/${id}`, json: input })
}

export function deleteGroup(id: number) {
  return apiRequest(null, { method: 'DELETE', path: `${GROUPS_PATH}/${id}` })
}

export function fetchMemberPage(
  groupId: number,
  query: ListQuery<MemberSort>,
  signal?: AbortSignal,
) {
  return apiRequest(MemberPage, { path: `${GROUPS_PATH}/${groupId}/members`, query, signal })
}

const noChange: MembersChanged = { added: 0, updated: 0, removed: 0 }
const sum = (a: MembersChanged, b: MembersChanged): MembersChanged => ({
  added: a.added + b.added,
  updated: a.updated + b.updated,
  removed: a.removed + b.removed,
})

/**
 * Adds people to a group (or sets the window of those already in it), MAX_MEMBERS_PER_REQUEST a
 * request, one request after the other: a refusal stops the rest, and what was sent before it
 * stays (each request is a whole, the server's transaction).
 */
export async function addMembers(
  groupId: number,
  members: MembersAdd['members'],
): Promise<MembersChanged> {
  let total = noChange
  for (const run of chunked(members, MAX_MEMBERS_PER_REQUEST)) {
    const json: MembersAdd = { members: run }
    const changed = await apiRequest(MembersChanged, {
      method: 'POST',
      path: `${GROUPS_PATH}/${groupId}/members`,
      json,
    })
    total = sum(total, changed)
  }
  return total
}

/** Removes people from a group, MAX_MEMBERS_PER_REQUEST a request (those not in it are skipped). */
export async function removeMembers(
  groupId: number,
  userIds: readonly number[],
): Promise<MembersChanged> {
  let total = noChange
  for (const run of chunked(userIds, MAX_MEMBERS_PER_REQUEST)) {
    const json: MembersRemove = { user_ids: run }
    const changed = await apiRequest(MembersChanged, {
      method: 'DELETE',
      path: `${GROUPS_PATH}/${groupId}/members`,
      json,
    })
    total = sum(total, changed)
  }
  return total
}

export const groupList: ListSource<Group, GroupSort> = {
  queryKey: groupKeys.list,
  fetch: fetchGroupPage,
}

export const groupDetail = detailOptions(groupKeys, fetchGroup)

/** One group's members, as its page's list reads them. */
export function memberList(groupId: number): ListSource<Member, MemberSort> {
  return {
    queryKey: (query) => memberKeys.list(groupId, query),
    fetch: (query, signal) => fetchMemberPage(groupId, query, signal),
  }
}
