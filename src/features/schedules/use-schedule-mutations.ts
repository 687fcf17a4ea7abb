import { useMutation, useQueryClient } from '@tanstack/react-query'
import { refetchAfterWrite, type Write } from '../../api/queries'
import { createSchedule, deleteSchedule, scheduleKeys, updateSchedule } from '../../api/schedules'
import type { ScheduleInput, ScheduleUpdate } from '../../contract/access-model'

function useRefetch() {
  const client = useQueryClient()
  return (write: Write) => refetchAfterWrite(client, scheduleKeys, write)
}

export function useCreateSchedule() {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (input: ScheduleInput) => createSchedule(input),
    onSuccess: () => refetch({ kind: 'saved' }),
  })
}

/** Saves the form's fields, or the calendars alone from the schedule's page. */
export function useUpdateSchedule(id: number) {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (input: ScheduleUpdate) => updateSchedule(id, input),
    onSuccess: () => refetch({ kind: 'saved' }),
  })
}

export function useDeleteSchedule() {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (id: number) => deleteSchedule(id),
    onSuccess: (_, id) => refetch({ kind: 'deleted', id }),
  })
}
