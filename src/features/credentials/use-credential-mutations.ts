import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  createCredential,
  credentialKeys,
  deleteCredential,
  updateCredential,
} from '../../api/credentials'
import { refetchAfterWrite, type Write } from '../../api/queries'
import type { CredentialInput } from '../../contract/credentials'

function useRefetch() {
  const client = useQueryClient()
  return (write: Write) => refetchAfterWrite(client, credentialKeys, write)
}

export function useCreateCredential() {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (input: CredentialInput) => createCredential(input),
    onSuccess: () => refetch({ kind: 'saved' }),
  })
}

export function useUpdateCredential(id: number) {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (input: CredentialInput) => updateCredential(id, input),
    onSuccess: () => refetch({ kind: 'saved' }),
  })
}

export function useDeleteCredential() {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (id: number) => deleteCredential(id),
    onSuccess: (_, id) => refetch({ kind: 'deleted', id }),
  })
}
