import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { fetchLocationPage, locationKeys, type LocationSort } from '../../api/locations'
import {
  fetchOrganizationPage,
  organizationKeys,
  type OrganizationSort,
} from '../../api/organizations'
import type { ListQuery } from '../../contract/list'
import { MAX_PAGE_LENGTH } from '../../contract/list'
import type { Location } from '../../contract/locations'
import { needs } from '../../contract/permissions'
import { useSession } from '../../session/session-context'
import type { PlaceZones } from './incident-words'

const locationQuery: ListQuery<LocationSort> = {
  start: 0,
  length: MAX_PAGE_LENGTH,
  order_by: 'name',
  order_direction: 'asc',
  search: '',
}
const organizationQuery: ListQuery<OrganizationSort> = { ...locationQuery, order_by: 'name' }

/**
 * The places an incident can be in, with their zones: the place filter's choices and the clock
 * each row's times are shown on. One list request each (an organization has far fewer than
 * MAX_PAGE_LENGTH buildings); organizations only for who may read them.
 */
export function usePlaceZones(): { zones: PlaceZones; locations: readonly Location[] } {
  const { can } = useSession()
  const locations = useQuery({
    queryKey: locationKeys.list(locationQuery),
    queryFn: ({ signal }) => fetchLocationPage(locationQuery, signal),
    enabled: can(needs('locations', 'read')),
  }).data?.data
  const organizations = useQuery({
    queryKey: organizationKeys.list(organizationQuery),
    queryFn: ({ signal }) => fetchOrganizationPage(organizationQuery, signal),
    enabled: can(needs('organizations', 'read')),
  }).data?.data
  return useMemo(
    () => ({
      zones: {
        locations: new Map((locations ?? []).map((l) => [l.location_id, l])),
        organizations: new Map((organizations ?? []).map((o) => [o.organization_id, o.time_zone])),
      },
      locations: locations ?? [],
    }),
    [locations, organizations],
  )
}
