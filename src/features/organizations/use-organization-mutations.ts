import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  createOrganization,
  deleteOrganization,
  organizationKeys,
  updateOrganization,
} from '../../api/organizations'
import { refetchAfterWrite, type Write } from '../../api/queries'
import type { OrganizationInput } from '../../contract/organizations'

function useRefetch() {
  const client = useQueryClient()
  return (write: Write) => refetchAfterWrite(client, organizationKeys, write)
}

export function useCreateOrganization() {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (input: OrganizationInput) => createOrganization(input),
    onSuccess: () => refetch({ kind: 'saved' }),
  })
}

export function useUpdateOrganization(id: number) {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (input: OrganizationInput) => updateOrganization(id, input),
    onSuccess: () => refetch({ kind: 'saved' }),
  })
}

export function useDeleteOrganization() {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (id: number) => deleteOrganization(id),
    onSuccess: (_, id) => refetch({ kind: 'deleted', id }),
  })
}
