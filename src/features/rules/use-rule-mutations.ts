import { useMutation, useQueryClient } from '@tanstack/react-query'
import { refetchAfterWrite, type Write } from '../../api/queries'
import { createRule, deleteRule, ruleKeys, updateRule } from '../../api/rules'
import type { AccessRuleInput, AccessRuleUpdate } from '../../contract/access-model'

function useRefetch() {
  const client = useQueryClient()
  return (write: Write) => refetchAfterWrite(client, ruleKeys, write)
}

export function useCreateRule() {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (input: AccessRuleInput) => createRule(input),
    onSuccess: () => refetch({ kind: 'saved' }),
  })
}

export function useUpdateRule(id: number) {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (input: AccessRuleUpdate) => updateRule(id, input),
    onSuccess: () => refetch({ kind: 'saved' }),
  })
}

export function useDeleteRule() {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (id: number) => deleteRule(id),
    onSuccess: (_, id) => refetch({ kind: 'deleted', id }),
  })
}
