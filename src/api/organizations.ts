import { listOf, type ListQuery, type ListSource } from '../contract/list'
import {
  Organization,
  type OrganizationInput,
  type organizationSortKeys,
} from '../contract/organizations'
import { apiRequest } from './client'
import { detailOptions, resourceKeys } from './queries'

export type OrganizationSort = (typeof organizationSortKeys)[number]

const OrganizationPage = listOf(Organization)

export const organizationKeys = resourceKeys<OrganizationSort>('organizations')

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

export const organizationList: ListSource<Organization, OrganizationSort> = {
  queryKey: organizationKeys.list,
  fetch: fetchOrganizationPage,
}

export const organizationDetail = detailOptions(organizationKeys, fetchOrganization)
