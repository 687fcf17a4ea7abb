import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createUser, deleteUser, inviteUser, updateUser, userKeys } from '../../api/users'
import { refetchAfterWrite, type Write } from '../../api/queries'
import type { InviteNotify } from '../../contract/notify'
import type { UserInput, UserUpdate } from '../../contract/users'

function useRefetch() {
  const client = useQueryClient()
  return (write: Write) => refetchAfterWrite(client, userKeys, write)
}

export function useCreateUser() {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (input: UserInput) => createUser(input),
    onSuccess: () => refetch({ kind: 'saved' }),
  })
}

export function useUpdateUser(id: number) {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (input: UserUpdate) => updateUser(id, input),
    onSuccess: () => refetch({ kind: 'saved' }),
  })
}

export function useDeleteUser() {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (id: number) => deleteUser(id),
    onSuccess: (_, id) => refetch({ kind: 'deleted', id }),
  })
}

/** An invite changes nothing the console shows, so nothing is refetched. */
export function useInviteUser() {
  return useMutation({
    mutationFn: ({ userId, workflow }: { userId: number; workflow: InviteNotify['workflow'] }) =>
      inviteUser(userId, workflow),
  })
}

/** Disabling signs the user out on the server (their refresh tokens are revoked); enabling lets them back. */
export function useSetUserDisabled() {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: ({ id, disabled }: { id: number; disabled: boolean }) =>
      updateUser(id, { disabled }),
    onSuccess: () => refetch({ kind: 'saved' }),
  })
}
