import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createWebhook, deleteWebhook, updateWebhook, webhookKeys } from '../../api/webhooks'
import { refetchAfterWrite, type Write } from '../../api/queries'
import type { WebhookInput } from '../../contract/webhooks'

function useRefetch() {
  const client = useQueryClient()
  return (write: Write) => refetchAfterWrite(client, webhookKeys, write)
}

export function useCreateWebhook() {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (input: WebhookInput) => createWebhook(input),
    onSuccess: () => refetch({ kind: 'saved' }),
  })
}

export function useUpdateWebhook(id: number) {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (input: WebhookInput) => updateWebhook(id, input),
    onSuccess: () => refetch({ kind: 'saved' }),
  })
}

export function useDeleteWebhook() {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (id: number) => deleteWebhook(id),
    onSuccess: (_, id) => refetch({ kind: 'deleted', id }),
  })
}
