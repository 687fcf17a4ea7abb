import { useEffect, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { isHttpStatus } from '../../api/client'
import { locationDeepDetail } from '../../api/locations'
import { needs } from '../../contract/permissions'
import { useBreadcrumbLabel } from '../../lib/breadcrumb-labels'
import { pathTo } from '../../lib/paths'
import { useSession } from '../../session/session-context'
import { BulkCommands } from '../../ui/bulk-commands'
import { buttonClass } from '../../ui/button'
import { CenteredSpinner } from '../../ui/loading'
import { LoadFailed } from '../../ui/load-failed'
import { Notice } from '../../ui/notice'
import { Page } from '../../ui/page'
import { formatAddress } from './location-address'
import { LocationTree } from './location-tree'
import * as styles from './locations.css'
import { useUrlCommand } from './use-url-command'

/** /locations/view/:id — the building from `?deep=true` as a tree, edited in place. */
export function LocationViewScreen() {
  const { LL } = useI18nContext()
  const params = useParams<{ id: string }>()
  const id = /^\d{1,10}$/.test(params.id) ? Number(params.id) : 0
  const { can } = useSession()
  const query = useQuery({
    ...locationDeepDetail(id),
    enabled: id > 0,
    retry: (count, error) => !isHttpStatus(error, 404) && count < 2,
  })
  const location = query.data
  useBreadcrumbLabel(id || undefined, location?.name)
  // The palette's "add a floor" lands here with `?command=add-floor`; the tree opens its editor.
  const { command, done } = useUrlCommand()
  const [addFloorNow] = useState(command === 'add-floor')
  useEffect(() => {
    if (command !== null && location) done()
  }, [command, done, location])

  if (id === 0 || isHttpStatus(query.error, 404))
    return (
      <Page title={LL.locations.viewTitle()}>
        <Notice tone="warning">{LL.locations.notFound()}</Notice>
      </Page>
    )
  if (query.isError)
    return (
      <Page title={LL.locations.viewTitle()}>
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      </Page>
    )
  if (!location) return <CenteredSpinner label={LL.common.loading()} />
  const address = formatAddress(location)
  const canUpdate = can(needs('locations', 'update'))

  return (
    <Page
      title={location.name}
      intro={<span className={styles.address}>{address || LL.locations.noAddress()}</span>}
      actions={
        <>
          <Link
            className={buttonClass({ tone: 'secondary' })}
            href={pathTo('locations', { peek: id, row: id })}
          >
            {LL.locations.peekButton()}
          </Link>
          {canUpdate ? (
            <Link className={buttonClass()} href={pathTo('locations-edit', { id })}>
              {LL.locations.edit()}
            </Link>
          ) : null}
        </>
      }
    >
      <LocationTree
        location={location}
        canCreate={can(needs('locations', 'create'))}
        canUpdate={canUpdate}
        canDelete={can(needs('locations', 'delete'))}
        addFloorNow={addFloorNow}
      />
      <BulkCommands location={location} />
    </Page>
  )
}
