import { listOf, type ListQuery } from '../contract/list'
import { Me, User, type userSortKeys } from '../contract/users'
import { apiRequest } from './client'

export type UserSort = (typeof userSortKeys)[number]

const UserPage = listOf(User)

// Query-key factory: lists and details of one resource share a root so invalidation after a write
// can target either (SPEC 4 "Cached data").
export const userKeys = {
  all: ['users'] as const,
  me: () => [...userKeys.all, 'me'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: ListQuery<UserSort>) => [...userKeys.lists(), query] as const,
}

/** GET /org/v1/users/me: the session's profile with its effective permissions. */
export function fetchMe(signal?: AbortSignal) {
  return apiRequest(Me, { path: '/org/v1/users/me', signal })
}

/** GET /org/v1/users: one page, default newest user first (SPEC 9: user_id desc). */
export function fetchUserPage(query: ListQuery<UserSort>, signal?: AbortSignal) {
  return apiRequest(UserPage, { path: '/org/v1/users', query, signal })
}
