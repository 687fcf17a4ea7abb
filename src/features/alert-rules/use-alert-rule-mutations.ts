import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  alertRuleKeys,
  createAlertRule,
  deleteAlertRule,
  updateAlertRule,
} from '../../api/alert-rules'
import { refetchAfterWrite, type Write } from '../../api/queries'
import type { AlertRuleInput } from '../../contract/alerts'

function useRefetch() {
  const client = useQueryClient()
  return (write: Write) => refetchAfterWrite(client, alertRuleKeys, write)
}

export function useCreateAlertRule() {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (input: AlertRuleInput) => createAlertRule(input),
    onSuccess: () => refetch({ kind: 'saved' }),
  })
}

export function useUpdateAlertRule(id: number) {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (input: AlertRuleInput) => updateAlertRule(id, input),
    onSuccess: () => refetch({ kind: 'saved' }),
  })
}

export function useDeleteAlertRule() {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (id: number) => deleteAlertRule(id),
    onSuccess: (_, id) => refetch({ kind: 'deleted', id }),
  })
}
