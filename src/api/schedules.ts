import {
  SCHEDULES_PATH,
  Schedule,
  type ScheduleInput,
  type ScheduleUpdate,
  type scheduleSortKeys,
} from '../contract/access-model'
import { listOf, type ListQuery, type ListSource } from '../contract/list'
import { apiRequest } from './client'
import { detailOptions, resourceKeys } from './queries'

export type ScheduleSort = (typeof scheduleSortKeys)[number]

const SchedulePage = listOf(Schedule)

export const scheduleKeys = resourceKeys<ScheduleSort>('schedules')

export function fetchSchedulePage(query: ListQuery<ScheduleSort>, signal?: AbortSignal) {
  return apiRequest(SchedulePage, { path: SCHEDULES_PATH, query, signal })
}

export function fetchSchedule(id: number, signal?: AbortSignal) {
  return apiRequest(Schedule, { path: `${SCHEDULES_PATH}/${id}`, signal })
}

export function createSchedule(input: ScheduleInput) {
  return apiRequest(Schedule, { method: 'POST', path: SCHEDULES_PATH, json: input })
}

/** Any subset of name, intervals and calendars: the view's calendar picker sends only the ids. */
export function updateSchedule(id: number, input: ScheduleUpdate) {
  return apiRequest(Schedule, { method: 'PUT', path: `${SCHEDULES_PATH}/${id}`, json: input })
}

export function deleteSchedule(id: number) {
  return apiRequest(null, { method: 'DELETE', path: `${SCHEDULES_PATH}/${id}` })
}

export const scheduleList: ListSource<Schedule, ScheduleSort> = {
  queryKey: scheduleKeys.list,
  fetch: fetchSchedulePage,
}

export const scheduleDetail = detailOptions(scheduleKeys, fetchSchedule)
