import {
  CALENDARS_PATH,
  Calendar,
  HOLIDAY_REGIONS_PATH,
  HolidayRegions,
  type CalendarInput,
  type CalendarUpdate,
  type HolidaysInput,
  type calendarSortKeys,
} from '../contract/access-model'
import { listOf, type ListQuery, type ListSource } from '../contract/list'
import { apiRequest } from './client'
import { detailOptions, resourceKeys } from './queries'

export type CalendarSort = (typeof calendarSortKeys)[number]

const CalendarPage = listOf(Calendar)

export const calendarKeys = resourceKeys<CalendarSort>('calendars')

export function fetchCalendarPage(query: ListQuery<CalendarSort>, signal?: AbortSignal) {
  return apiRequest(CalendarPage, { path: CALENDARS_PATH, query, signal })
}

export function fetchCalendar(id: number, signal?: AbortSignal) {
  return apiRequest(Calendar, { path: `${CALENDARS_PATH}/${id}`, signal })
}

export function createCalendar(input: CalendarInput) {
  return apiRequest(Calendar, { method: 'POST', path: CALENDARS_PATH, json: input })
}

/** The name, or the whole list of exceptions (one added or removed is the list sent anew). */
export function updateCalendar(id: number, input: CalendarUpdate) {
  return apiRequest(Calendar, { method: 'PUT', path: `${CALENDARS_PATH}/${id}`, json: input })
}

export function deleteCalendar(id: number) {
  return apiRequest(null, { method: 'DELETE', path: `${CALENDARS_PATH}/${id}` })
}

/**
 * Adds a region's public holidays of a year as closed days, named in `language`; answers the
 * calendar with them.
 */
export function addHolidays(id: number, input: HolidaysInput) {
  return apiRequest(Calendar, {
    method: 'POST',
    path: `${CALENDARS_PATH}/${id}/holidays`,
    json: input,
  })
}

/** The regions the holiday library knows, as `DE-BE` codes with their names in `language`. */
export function fetchHolidayRegions(language: string, signal?: AbortSignal) {
  return apiRequest(HolidayRegions, { path: HOLIDAY_REGIONS_PATH, query: { language }, signal })
}

// Its own root: a calendar's write does not change what the library knows.
export const holidayRegionsKey = (language: string) => ['holiday-regions', language] as const

export const calendarList: ListSource<Calendar, CalendarSort> = {
  queryKey: calendarKeys.list,
  fetch: fetchCalendarPage,
}

export const calendarDetail = detailOptions(calendarKeys, fetchCalendar)
