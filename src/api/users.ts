import { Me } from '../contract/users'
import { apiRequest } from './client'

// Query-key factory: lists and details of one resource share a root so invalidation after a write
// can target either (SPEC 4 "Cached data").
export const userKeys = {
  all: ['users'] as const,
  me: () => [...userKeys.all, 'me'] as const,
}

/** GET /org/v1/users/me: the session's profile with its effective permissions. */
export function fetchMe(signal?: AbortSignal) {
  return apiRequest(Me, { path: '/org/v1/users/me', signal })
}
