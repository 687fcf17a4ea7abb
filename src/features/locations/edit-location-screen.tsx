import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useLocation, useParams } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { locationDetail } from '../../api/locations'
import { isHttpStatus } from '../../api/client'
import { useBreadcrumbLabel } from '../../lib/breadcrumb-labels'
import { useSession } from '../../session/session-context'
import { needs } from '../../contract/permissions'
import { Button } from '../../ui/button'
import { CenteredSpinner } from '../../ui/loading'
import { LoadFailed } from '../../ui/load-failed'
import { Notice, showToast } from '../../ui/notice'
import { pathTo } from '../../lib/paths'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { Page } from '../../ui/page'
import { DeleteLocationDialog } from './delete-location-dialog'
import { LocationForm } from './location-form'
import { valuesOf } from './location-form-model'
import { useUpdateLocation } from './use-location-mutations'

/** /locations/edit/:id — the breadcrumb shows the location's name, not its id. */
export function EditLocationScreen() {
  const { LL } = useI18nContext()
  const params = useParams<{ id: string }>()
  const id = /^\d{1,10}$/.test(params.id) ? Number(params.id) : 0
  const [, navigate] = useLocation()
  const { can } = useSession()
  const [confirming, setConfirming] = useState(false)
  const query = useQuery({
    ...locationDetail(id),
    enabled: id > 0,
    retry: (count, error) => !isHttpStatus(error, 404) && count < 2,
  })
  const update = useUpdateLocation(id)
  const location = query.data
  useBreadcrumbLabel(id || undefined, location?.name)

  if (id === 0 || isHttpStatus(query.error, 404))
    return (
      <Page title={LL.locations.editTitle()}>
        <Notice tone="warning">{LL.locations.notFound()}</Notice>
      </Page>
    )
  if (query.isError)
    return (
      <Page title={LL.locations.editTitle()}>
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      </Page>
    )
  if (!location) return <CenteredSpinner label={LL.common.loading()} />

  return (
    <Page title={LL.locations.editNamed({ name: location.name })}>
      <LocationForm
        label={LL.locations.editNamed({ name: location.name })}
        // A refetch (window focus) must not wipe what the user is typing: the form keeps its own copy.
        key={location.location_id}
        initial={valuesOf(location)}
        submitLabel={LL.common.save()}
        onCancel={() => navigate(listPlacePath(pathTo('locations'), id))}
        onSubmit={async (input) => {
          const saved = await update.mutateAsync(input)
          showToast(LL.locations.saved_notice({ name: saved.name }))
          navigate(listPlacePath(pathTo('locations'), saved.location_id))
        }}
        extraActions={
          can(needs('locations', 'delete')) ? (
            <Button tone="danger" onClick={() => setConfirming(true)}>
              {LL.locations.delete()}
            </Button>
          ) : null
        }
      />
      <DeleteLocationDialog
        location={confirming ? location : null}
        onClose={() => setConfirming(false)}
        onDeleted={() => navigate(listPlacePath(pathTo('locations')))}
      />
    </Page>
  )
}
