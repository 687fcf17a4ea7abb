import { listOf, type ListQuery } from '../contract/list'
import {
  Organization,
  type OrganizationInput,
  type organizationSortKeys,
} from '../contract/organizations'
import { apiRequest } from './client'

export type OrganizationSort = (typeof organizationSortKeys)[number]

const OrganizationPage = listOf(Organization)

// Lists and details share the root, so one invalidation after a write refetches both (SPEC 4).
export const organizationKeys = {
  all: ['organizations'] as const,
  lists: () => [...organizationKeys.all, 'list'] as const,
  list: (query: ListQuery<OrganizationSort>) => [...organizationKeys.lists(), query] as const,
  detail: (id: number) => [...organizationKeys.all, 'detail', id] as const,
}

export function fetchOrganizationPage(query: ListQuery<OrganizationSort>, signal?: AbortSignal) {
  return apiRequest(OrganizationPage, { path: '/org/v1/organizations', query, signal })
}

export function fetchOrganization(id: number, signal?: AbortSignal) {
  return apiRequest(Organization, { path: `/org/v1/organizations/${id}`, signal })
}

export function createOrganization(input: OrganizationInput) {
  return apiRequest(Organization, { method: 'POST', path: '/org/v1/organizations', json: input })
}

export function updateOrganization(id: number, input: OrganizationInput) {
  return apiRequest(Organization, {
    method: 'PUT',
    path: `/org/v1/organizations/${id}`,
    json: input,
  })
}

export function deleteOrganization(id: number) {
  return apiRequest(null, { method: 'DELETE', path: `/org/v1/organizations/${id}` })
}
