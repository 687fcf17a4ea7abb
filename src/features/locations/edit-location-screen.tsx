import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { locationDetail } from '../../api/locations'
import { useSession } from '../../session/session-context'
import { usePerform } from '../../actions/action-host'
import { Button } from '../../ui/button'
import { DetailState, useDetail } from '../../ui/detail-state'
import { showToast } from '../../ui/notice'
import { pathTo } from '../../contract/pages'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { Page } from '../../ui/page'
import { deleteLocationAction } from './location-actions'
import { LocationForm } from './location-form'
import { valuesOf } from './location-form-model'
import { useUpdateLocation } from './use-location-mutations'

/** /locations/edit/:id — the breadcrumb shows the location's name, not its id. */
export function EditLocationScreen() {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const { can } = useSession()
  const perform = usePerform()
  const detail = useDetail(locationDetail, (location) => location.name)
  const { id, item: location } = detail
  const update = useUpdateLocation(id)

  if (!location)
    return (
      <DetailState
        title={LL.locations.editTitle()}
        notFound={LL.locations.notFound()}
        detail={detail}
      />
    )

  return (
    <Page title={LL.locations.editNamed({ name: location.name })}>
      <LocationForm
        operation="update"
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
          can(deleteLocationAction.needs.anyOf ?? []) ? (
            <Button tone="danger" onClick={() => perform(deleteLocationAction, location)}>
              {LL.locations.delete()}
            </Button>
          ) : null
        }
      />
    </Page>
  )
}
