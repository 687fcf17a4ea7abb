import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createGroup, deleteGroup, groupKeys, updateGroup } from '../../api/groups'
import { refetchAfterWrite, type Write } from '../../api/queries'
import type { GroupInput, GroupUpdate } from '../../contract/access-model'

function useRefetch() {
  const client = useQueryClient()
  return (write: Write) => refetchAfterWrite(client, groupKeys, write)
}

export function useCreateGroup() {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (input: GroupInput) => createGroup(input),
    onSuccess: () => refetch({ kind: 'saved' }),
  })
}

export function useUpdateGroup(id: number) {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (input: GroupUpdate) => updateGroup(id, input),
    onSuccess: () => refetch({ kind: 'saved' }),
  })
}

export function useDeleteGroup() {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (id: number) => deleteGroup(id),
    onSuccess: (_, id) => refetch({ kind: 'deleted', id }),
  })
}
