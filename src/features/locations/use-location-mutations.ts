import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createLocation, deleteLocation, locationKeys, updateLocation } from '../../api/locations'
import { refetchAfterWrite, type Write } from '../../api/queries'
import type { LocationInput } from '../../contract/locations'

function useRefetch() {
  const client = useQueryClient()
  return (write: Write) => refetchAfterWrite(client, locationKeys, write)
}

export function useCreateLocation() {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (input: LocationInput) => createLocation(input),
    onSuccess: () => refetch({ kind: 'saved' }),
  })
}

export function useUpdateLocation(id: number) {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (input: LocationInput) => updateLocation(id, input),
    onSuccess: () => refetch({ kind: 'saved' }),
  })
}

export function useDeleteLocation() {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (id: number) => deleteLocation(id),
    onSuccess: (_, id) => refetch({ kind: 'deleted', id }),
  })
}
