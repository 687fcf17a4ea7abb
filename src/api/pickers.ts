import type { QueryClient } from '@tanstack/react-query'
import type { Group, HolidayRegion } from '../contract/access-model'
import type { ListResponse } from '../contract/list'
import type { User } from '../contract/users'
import {
  PICKER_WINDOW,
  type PickerOption,
  type PickerSource,
  type PickerWindow,
} from '../lib/picker-search'
import { ApiError } from './api-error'
import {
  fetchCalendar,
  fetchCalendarPage,
  fetchHolidayRegions,
  holidayRegionsKey,
} from './calendars'
import { fetchDevice, fetchDevicePage } from './devices'
import { fetchGroup, fetchGroupPage } from './groups'
import { fetchDoor, fetchDoorPage, fetchLocation, fetchLocationPage } from './locations'
import { fetchOrganization, fetchOrganizationPage } from './organizations'
import { fetchSchedule, fetchSchedulePage } from './schedules'
import { fetchUser, fetchUserPage } from './users'

// The pickers' windows: every list searched with its own `search`, the first PICKER_WINDOW matches
// by name, and the stored value found by id (decision 041).

const idOf = (value: string) => (/^\d{1,10}$/.test(value) ? Number(value) : 0)

/** The first window of `text`'s matches, sorted by `order_by` ascending. */
const windowOf = <S extends string>(text: string, order_by: S) => ({
  start: 0,
  length: PICKER_WINDOW,
  order_by,
  order_direction: 'asc' as const,
  search: text,
})

function asWindow<T>(page: ListResponse<T>, option: (item: T) => PickerOption): PickerWindow {
  return { options: page.data.map(option), total: page.recordsFiltered }
}

/** An item found by id, or null when the server no longer has it (or no longer shows it). */
async function byId<T>(
  value: string,
  fetch: (id: number) => Promise<T>,
  option: (item: T) => PickerOption,
): Promise<PickerOption | null> {
  const id = idOf(value)
  if (id === 0) return null
  try {
    return option(await fetch(id))
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null
    throw error
  }
}

const named = (value: number, label: string): PickerOption => ({ value: String(value), label })

const userOption = (user: User): PickerOption => {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ')
  return { value: String(user.user_id), label: user.email, detail: name || undefined }
}

/** Users by e-mail, searched over username, e-mail, first and last name. */
export const userPicker: PickerSource = {
  key: ['picker', 'users'],
  search: async (text, signal) =>
    asWindow(await fetchUserPage(windowOf(text, 'email'), signal), userOption),
  lookup: (value, signal) => byId(value, (id) => fetchUser(id, signal), userOption),
}

export const devicePicker: PickerSource = {
  key: ['picker', 'devices'],
  search: async (text, signal) =>
    asWindow(await fetchDevicePage(windowOf(text, 'name'), signal), (d) =>
      named(d.device_id, d.name),
    ),
  lookup: (value, signal) =>
    byId(
      value,
      (id) => fetchDevice(id, signal),
      (d) => named(d.device_id, d.name),
    ),
}

export const doorPicker: PickerSource = {
  key: ['picker', 'doors'],
  search: async (text, signal) =>
    asWindow(await fetchDoorPage(windowOf(text, 'name'), signal), (d) => named(d.door_id, d.name)),
  lookup: (value, signal) =>
    byId(
      value,
      (id) => fetchDoor(id, signal),
      (d) => named(d.door_id, d.name),
    ),
}

export const locationPicker: PickerSource = {
  key: ['picker', 'locations'],
  search: async (text, signal) =>
    asWindow(await fetchLocationPage(windowOf(text, 'name'), signal), (l) =>
      named(l.location_id, l.name),
    ),
  lookup: (value, signal) =>
    byId(
      value,
      (id) => fetchLocation(id, signal),
      (l) => named(l.location_id, l.name),
    ),
}

export const organizationPicker: PickerSource = {
  key: ['picker', 'organizations'],
  search: async (text, signal) =>
    asWindow(await fetchOrganizationPage(windowOf(text, 'name'), signal), (o) =>
      named(o.organization_id, o.name),
    ),
  lookup: (value, signal) =>
    byId(
      value,
      (id) => fetchOrganization(id, signal),
      (o) => named(o.organization_id, o.name),
    ),
}

export const schedulePicker: PickerSource = {
  key: ['picker', 'schedules'],
  search: async (text, signal) =>
    asWindow(await fetchSchedulePage(windowOf(text, 'name'), signal), (s) =>
      named(s.schedule_id, s.name),
    ),
  lookup: (value, signal) =>
    byId(
      value,
      (id) => fetchSchedule(id, signal),
      (s) => named(s.schedule_id, s.name),
    ),
}

export const calendarPicker: PickerSource = {
  key: ['picker', 'calendars'],
  search: async (text, signal) =>
    asWindow(await fetchCalendarPage(windowOf(text, 'name'), signal), (c) =>
      named(c.calendar_id, c.name),
    ),
  lookup: (value, signal) =>
    byId(
      value,
      (id) => fetchCalendar(id, signal),
      (c) => named(c.calendar_id, c.name),
    ),
}

const regionOption = (region: HolidayRegion): PickerOption => ({
  value: region.code,
  label: region.name,
  detail: region.code,
})

/**
 * The holiday library's regions named in `language`: one list, asked once and searched here by
 * name or code ("berlin", "DE-BE"); it is not a server list with paging.
 */
export function holidayRegionPicker(
  client: Pick<QueryClient, 'fetchQuery'>,
  language: string,
): PickerSource {
  // Every search shares the one request: typing on does not abort it, it only ignores the answer.
  const regions = () =>
    client.fetchQuery({
      queryKey: holidayRegionsKey(language),
      queryFn: ({ signal }) => fetchHolidayRegions(language, signal),
      staleTime: Infinity,
    })
  return {
    key: ['picker', 'holiday-regions', language],
    search: async (text) => {
      const wanted = text.trim().toLocaleLowerCase()
      const found = (await regions()).filter(
        (r) =>
          r.name.toLocaleLowerCase().includes(wanted) ||
          r.code.toLocaleLowerCase().startsWith(wanted),
      )
      return { options: found.slice(0, PICKER_WINDOW).map(regionOption), total: found.length }
    },
    lookup: async (value) => {
      const region = (await regions()).find((r) => r.code === value)
      return region ? regionOption(region) : null
    },
  }
}

const groupOption = (group: Group): PickerOption => ({
  value: String(group.group_id),
  label: group.name,
  detail: group.description || undefined,
})

/** Access groups by name (decision 065), with their description to tell like names apart. */
export const groupPicker: PickerSource = {
  key: ['picker', 'groups'],
  search: async (text, signal) =>
    asWindow(await fetchGroupPage(windowOf(text, 'name'), signal), groupOption),
  lookup: (value, signal) => byId(value, (id) => fetchGroup(id, signal), groupOption),
}
