import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createDevice, deleteDevice, deviceKeys, updateDevice } from '../../api/devices'
import { locationKeys } from '../../api/locations'
import { refetchAfterWrite, type Write } from '../../api/queries'
import type { DeviceInput } from '../../contract/devices'

/** Devices are shown by the locations too (their device counts, the drawer and the tree). */
function useRefetch() {
  const client = useQueryClient()
  return (write: Write) =>
    Promise.all([
      refetchAfterWrite(client, deviceKeys, write),
      client.invalidateQueries({ queryKey: locationKeys.all }),
    ])
}

export function useCreateDevice() {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (input: DeviceInput) => createDevice(input),
    onSuccess: () => refetch({ kind: 'saved' }),
  })
}

export function useUpdateDevice(id: number) {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (input: DeviceInput) => updateDevice(id, input),
    onSuccess: () => refetch({ kind: 'saved' }),
  })
}

export function useDeleteDevice() {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (id: number) => deleteDevice(id),
    onSuccess: (_, id) => refetch({ kind: 'deleted', id }),
  })
}
