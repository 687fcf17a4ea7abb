import { listOf, type ListQuery, type ListSource } from '../contract/list'
import { Me, User, type userSortKeys } from '../contract/users'
import { apiRequest } from './client'
import { resourceKeys } from './queries'

export type UserSort = (typeof userSortKeys)[number]

const UserPage = listOf(User)

export const userKeys = resourceKeys<UserSort>('users')

/** GET /org/v1/users/me: the session's profile with its effective permissions. */
export function fetchMe(signal?: AbortSignal) {
  return apiRequest(Me, { path: '/org/v1/users/me', signal })
}

/** GET /org/v1/users: one page, default newest user first (SPEC 9: user_id desc). */
export function fetchUserPage(query: ListQuery<UserSort>, signal?: AbortSignal) {
  return apiRequest(UserPage, { path: '/org/v1/users', query, signal })
}

export const userList: ListSource<User, UserSort> = {
  queryKey: userKeys.list,
  fetch: fetchUserPage,
}
