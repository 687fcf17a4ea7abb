import { listOf, type ListQuery, type ListSource } from '../contract/list'
import {
  Door,
  Floor,
  Location,
  LocationDeep,
  Room,
  type DoorInput,
  type DoorUpdate,
  type FloorInput,
  type FloorUpdate,
  type LocationInput,
  type LocationUpdate,
  type RoomInput,
  type RoomUpdate,
  type DoorLookup,
  type doorSortKeys,
  type locationSortKeys,
} from '../contract/locations'
import { ApiError } from './api-error'
import { apiRequest } from './client'
import { detailOptions, resourceKeys } from './queries'

export type LocationSort = (typeof locationSortKeys)[number]
export type DoorSort = (typeof doorSortKeys)[number]

const LocationPage = listOf(Location)
const DoorPage = listOf(Door)

// Floors, rooms and doors live under their location's key: a write to any of them refetches the
// location's lists and deep view through the same rule as a write to the location itself.
export const locationKeys = resourceKeys<LocationSort>('locations')

export function fetchLocationPage(query: ListQuery<LocationSort>, signal?: AbortSignal) {
  return apiRequest(LocationPage, { path: '/sbm/v1/locations', query, signal })
}

export function fetchLocation(id: number, signal?: AbortSignal) {
  return apiRequest(Location, { path: `/sbm/v1/locations/${id}`, signal })
}

/** GET /sbm/v1/doors: a window of the doors, searched by name and description. */
export function fetchDoorPage(query: ListQuery<DoorSort>, signal?: AbortSignal) {
  return apiRequest(DoorPage, { path: '/sbm/v1/doors', query, signal })
}

/** Doors have no GET by id; the door lookup (POST /org/v1/doors, requirements R7.7) takes ids. */
export async function fetchDoor(id: number, signal?: AbortSignal) {
  const json: DoorLookup = { door_ids: [id] }
  const page = await apiRequest(DoorPage, { method: 'POST', path: '/org/v1/doors', json, signal })
  const door = page.data[0]
  if (!door) throw new ApiError('HTTP', 'Not Found', { status: 404 })
  return door
}

/** The whole building: floors → rooms → doors, each level with the devices mounted on it. */
export function fetchLocationDeep(id: number, signal?: AbortSignal) {
  return apiRequest(LocationDeep, {
    path: `/sbm/v1/locations/${id}`,
    query: { deep: 'true' },
    signal,
  })
}

export function createLocation(input: LocationInput) {
  return apiRequest(Location, { method: 'POST', path: '/sbm/v1/locations', json: input })
}

export function updateLocation(id: number, input: LocationUpdate) {
  return apiRequest(Location, { method: 'PUT', path: `/sbm/v1/locations/${id}`, json: input })
}

export function deleteLocation(id: number) {
  return apiRequest(null, { method: 'DELETE', path: `/sbm/v1/locations/${id}` })
}

export function createFloor(input: FloorInput) {
  return apiRequest(Floor, { method: 'POST', path: '/sbm/v1/floors', json: input })
}

export function updateFloor(id: number, input: FloorUpdate) {
  return apiRequest(Floor, { method: 'PUT', path: `/sbm/v1/floors/${id}`, json: input })
}

export function deleteFloor(id: number) {
  return apiRequest(null, { method: 'DELETE', path: `/sbm/v1/floors/${id}` })
}

export function createRoom(input: RoomInput) {
  return apiRequest(Room, { method: 'POST', path: '/sbm/v1/rooms', json: input })
}

export function updateRoom(id: number, input: RoomUpdate) {
  return apiRequest(Room, { method: 'PUT', path: `/sbm/v1/rooms/${id}`, json: input })
}

export function deleteRoom(id: number) {
  return apiRequest(null, { method: 'DELETE', path: `/sbm/v1/rooms/${id}` })
}

export function createDoor(input: DoorInput) {
  return apiRequest(Door, { method: 'POST', path: '/sbm/v1/doors', json: input })
}

export function updateDoor(id: number, input: DoorUpdate) {
  return apiRequest(Door, { method: 'PUT', path: `/sbm/v1/doors/${id}`, json: input })
}

export function deleteDoor(id: number) {
  return apiRequest(null, { method: 'DELETE', path: `/sbm/v1/doors/${id}` })
}

export const locationList: ListSource<Location, LocationSort> = {
  queryKey: locationKeys.list,
  fetch: fetchLocationPage,
}

export const locationDetail = detailOptions(locationKeys, fetchLocation)

/** One door by id, under its location's key (a write to a door refetches it with the rest). */
export function doorDetail(id: number) {
  return {
    queryKey: [...locationKeys.all, 'door', id] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchDoor(id, signal),
  }
}

/** The deep view under its own detail key, so the flat and deep answers never share one entry. */
export function locationDeepDetail(id: number) {
  return {
    queryKey: [...locationKeys.detail(id), 'deep'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchLocationDeep(id, signal),
  }
}
