import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createDevice, deviceKeys, updateDevice } from '../../api/devices'
import { refetchAfterWrite } from '../../api/queries'
import type { DeviceInput } from '../../contract/devices'

export function useCreateDevice() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: DeviceInput) => createDevice(input),
    onSuccess: () => refetchAfterWrite(client, deviceKeys, { kind: 'saved' }),
  })
}

export function useUpdateDevice(id: number) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: DeviceInput) => updateDevice(id, input),
    onSuccess: () => refetchAfterWrite(client, deviceKeys, { kind: 'saved' }),
  })
}
