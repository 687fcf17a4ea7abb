import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  addHolidays,
  calendarKeys,
  createCalendar,
  deleteCalendar,
  updateCalendar,
} from '../../api/calendars'
import { refetchAfterWrite, type Write } from '../../api/queries'
import type { CalendarInput, CalendarUpdate, HolidaysInput } from '../../contract/access-model'

function useRefetch() {
  const client = useQueryClient()
  return (write: Write) => refetchAfterWrite(client, calendarKeys, write)
}

export function useCreateCalendar() {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (input: CalendarInput) => createCalendar(input),
    onSuccess: () => refetch({ kind: 'saved' }),
  })
}

/** Its name from the form, or its exceptions from its page (one added or removed). */
export function useUpdateCalendar(id: number) {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (input: CalendarUpdate) => updateCalendar(id, input),
    onSuccess: () => refetch({ kind: 'saved' }),
  })
}

export function useAddHolidays(id: number) {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (input: HolidaysInput) => addHolidays(id, input),
    onSuccess: () => refetch({ kind: 'saved' }),
  })
}

export function useDeleteCalendar() {
  const refetch = useRefetch()
  return useMutation({
    mutationFn: (id: number) => deleteCalendar(id),
    onSuccess: (_, id) => refetch({ kind: 'deleted', id }),
  })
}
