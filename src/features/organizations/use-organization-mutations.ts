import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  createOrganization,
  deleteOrganization,
  organizationKeys,
  updateOrganization,
} from '../../api/organizations'
import type { OrganizationInput } from '../../contract/organizations'

// After every write the organization lists and details are refetched (SPEC 4 "Cached data").
function useInvalidateOrganizations() {
  const client = useQueryClient()
  return () => client.invalidateQueries({ queryKey: organizationKeys.all })
}

export function useCreateOrganization() {
  const invalidate = useInvalidateOrganizations()
  return useMutation({
    mutationFn: (input: OrganizationInput) => createOrganization(input),
    onSuccess: invalidate,
  })
}

export function useUpdateOrganization(id: number) {
  const invalidate = useInvalidateOrganizations()
  return useMutation({
    mutationFn: (input: OrganizationInput) => updateOrganization(id, input),
    onSuccess: invalidate,
  })
}

export function useDeleteOrganization() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deleteOrganization(id),
    onSuccess: (_, id) => {
      // The deleted detail must not be refetched (it would 404); the lists must.
      client.removeQueries({ queryKey: organizationKeys.detail(id) })
      return client.invalidateQueries({ queryKey: organizationKeys.lists() })
    },
  })
}
