import { useCallback, useMemo } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { locationList, type LocationSort } from '../../api/locations'
import type { Location } from '../../contract/locations'
import { needs } from '../../contract/permissions'
import { listParams, pathTo } from '../../contract/pages'
import { useSession } from '../../session/session-context'
import { buttonClass } from '../../ui/button'
import { DataTable } from '../../ui/data-table/data-table'
import { errorText } from '../../ui/data-table/error-text'
import type { ListViewDefaults } from '../../contract/list-view'
import { Page } from '../../ui/page'
import { ListExport } from '../../commands/list-export'
import { usePerform } from '../../actions/action-host'
import { deleteLocationAction } from './location-actions'
import { formatAddress } from './location-address'
import { locationColumns } from './location-columns'
import { LocationDrawer } from './location-drawer'
import { numberFormat } from '../../lib/number-format'

const defaults: ListViewDefaults<LocationSort> = {
  orderBy: 'location_id',
  orderDirection: 'desc',
  sortable: ['location_id', 'name', 'locality'],
}

const getRowId = (location: Location) => String(location.location_id)

/**
 * The drawer's location from `?peek=`: `rightSidebar {open, id}` (requirements R3.3), kept in the
 * URL.
 */
function peekOf(search: string): number | null {
  const value = new URLSearchParams(search).get(listParams.peek)
  return value !== null && /^\d{1,10}$/.test(value) ? Number(value) : null
}

/** /locations: the locations the user may read (global) or their organization's (:org). */
export function LocationsScreen() {
  const { LL, locale } = useI18nContext()
  const { can } = useSession()
  const [path, navigate] = useLocation()
  const search = useSearch()
  const peek = peekOf(search)
  const perform = usePerform()
  const canCreate = can(needs('locations', 'create'))
  const canUpdate = can(needs('locations', 'update'))
  const canDelete = can(deleteLocationAction.needs.anyOf ?? [])
  const numbers = numberFormat(locale)

  // Opening pushes a history entry (Back closes it again); following j/k replaces it.
  const showPeek = useCallback(
    (id: number | null, replace = false) => {
      const params = new URLSearchParams(search)
      if (id === null) params.delete(listParams.peek)
      else {
        params.set(listParams.peek, String(id))
        params.set(listParams.row, String(id))
      }
      const text = params.toString()
      navigate(text === '' ? path : `${path}?${text}`, { replace })
    },
    [navigate, path, search],
  )
  const onPeek = useCallback((location: Location) => showPeek(location.location_id), [showPeek])
  const followActiveRow = useCallback(
    (location: Location | null) => {
      if (peek !== null && location !== null && location.location_id !== peek)
        showPeek(location.location_id, true)
    },
    [peek, showPeek],
  )

  const columns = useMemo(() => {
    const onDelete = (location: Location) => perform(deleteLocationAction, location)
    return locationColumns({ LL, numbers, canDelete, onPeek, onDelete })
  }, [LL, numbers, canDelete, onPeek, perform])
  const rowActions = useMemo(() => {
    const edit = (location: Location) =>
      navigate(pathTo('locations-edit', { id: location.location_id }))
    return {
      open: (location: Location) =>
        navigate(pathTo('locations-view', { id: location.location_id })),
      peek: onPeek,
      ...(canUpdate ? { edit } : {}),
      ...(canDelete
        ? { remove: (location: Location) => perform(deleteLocationAction, location) }
        : {}),
    }
  }, [canUpdate, canDelete, navigate, onPeek, perform])
  const describeRow = (location: Location) =>
    LL.locations.row({
      name: location.name,
      address: formatAddress(location) || LL.locations.noAddress(),
      floors: LL.locations.floorCount({ count: location.floors.length }),
    })

  return (
    <Page
      title={LL.nav.locations()}
      actions={
        <>
          <ListExport list="locations" defaults={defaults} />
          {canCreate ? (
            <Link className={buttonClass()} href={pathTo('locations-create')}>
              {LL.locations.create()}
            </Link>
          ) : null}
        </>
      }
    >
      <DataTable
        label={LL.locations.gridLabel()}
        searchLabel={LL.locations.search()}
        emptyMessage={LL.locations.empty()}
        columns={columns}
        source={locationList}
        defaults={defaults}
        getRowId={getRowId}
        describeRow={describeRow}
        rowActions={rowActions}
        onActiveRowChange={followActiveRow}
        onCreate={canCreate ? () => navigate(pathTo('locations-create')) : undefined}
        errorMessage={(error) => errorText(LL, error)}
      />
      <LocationDrawer id={peek} onClose={() => showPeek(null)} canUpdate={canUpdate} />
    </Page>
  )
}
