import { listOf, type ListQuery, type ListSource } from '../contract/list'
import { NotifyAccepted, type InviteNotify } from '../contract/notify'
import {
  Me,
  PermissionsResponse,
  RolesPermissionsResponse,
  User,
  type UserInput,
  type userSortKeys,
  type UserUpdate,
} from '../contract/users'
import { ApiError } from './api-error'
import { apiRequest } from './client'
import { detailOptions, resourceKeys } from './queries'
import { PROFILE_PATH } from '../contract/api-paths'
import { OffboardReport, offboardPath, offboardUndoPath } from '../contract/offboarding'

export type UserSort = (typeof userSortKeys)[number]

const UserPage = listOf(User)

export const userKeys = resourceKeys<UserSort>('users')

/** GET /org/v1/users/me: the session's profile with its effective permissions. */
export function fetchMe(signal?: AbortSignal) {
  return apiRequest(Me, { path: PROFILE_PATH, signal })
}

/** GET /org/v1/users: one page, default newest user first (requirements R9.2). */
export function fetchUserPage(query: ListQuery<UserSort>, signal?: AbortSignal) {
  return apiRequest(UserPage, { path: '/org/v1/users', query, signal })
}

export function fetchUser(id: number, signal?: AbortSignal) {
  return apiRequest(User, { path: `/org/v1/users/${id}`, signal })
}

export function createUser(input: UserInput) {
  return apiRequest(User, { method: 'POST', path: '/org/v1/users', json: input })
}

export function updateUser(id: number, input: UserUpdate) {
  return apiRequest(User, { method: 'PUT', path: `/org/v1/users/${id}`, json: input })
}

export function deleteUser(id: number) {
  return apiRequest(null, { method: 'DELETE', path: `/org/v1/users/${id}` })
}

/** GET /org/v1/users/permissions: what the caller holds, so what the caller may grant. */
export function fetchMyPermissions(signal?: AbortSignal) {
  return apiRequest(PermissionsResponse, { path: '/org/v1/users/permissions', signal })
}

/** GET /org/v1/users/roles/permissions: every role with its permissions (requirements R6.2). */
export function fetchRolePermissions(signal?: AbortSignal) {
  return apiRequest(RolesPermissionsResponse, { path: '/org/v1/users/roles/permissions', signal })
}

/**
 * POST /notify on the notifications host: a set-password link by e-mail or SMS (requirements R7.3).
 */
export function inviteUser(userId: number, workflow: InviteNotify['workflow']) {
  const json: InviteNotify = { workflow, user_id: userId }
  return apiRequest(NotifyAccepted, { method: 'POST', host: 'notify', path: '/notify', json })
}

export const userList: ListSource<User, UserSort> = {
  queryKey: userKeys.list,
  fetch: fetchUserPage,
}

export const userDetail = detailOptions(userKeys, fetchUser)

// Roles and grantable permissions change rarely: one fetch per session, and outside the users root
// so a user write does not refetch them.
export const rolePermissionsQuery = {
  queryKey: ['role-permissions'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchRolePermissions(signal),
  staleTime: Infinity,
}

export const myPermissionsQuery = {
  queryKey: ['my-permissions'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchMyPermissions(signal),
  staleTime: Infinity,
}

/** POST …/offboard: the person's access taken away in one step; answers what remains (decision 074). */
export function offboardUser(id: number) {
  return apiRequest(OffboardReport, { method: 'POST', path: offboardPath(id) })
}

/** POST …/offboard/undo: within ten minutes, the account, memberships and credentials back. */
export function undoOffboarding(id: number) {
  return apiRequest(OffboardReport, { method: 'POST', path: offboardUndoPath(id) })
}

/** GET …/offboard: the person's latest offboarding with what remains; null when never offboarded. */
export function fetchOffboarding(id: number, signal?: AbortSignal) {
  return apiRequest(OffboardReport, { path: offboardPath(id), signal }).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  })
}

/** Under the users' root: every user write (an offboarding, its undo) refetches it. */
export const offboardingQuery = (id: number) => ({
  queryKey: [...userKeys.all, 'offboarding', id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchOffboarding(id, signal),
})
