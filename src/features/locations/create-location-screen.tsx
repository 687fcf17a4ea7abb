import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { pathTo } from '../../contract/pages'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { LocationForm } from './location-form'
import { emptyValues } from './location-form-model'
import { useCreateLocation } from './use-location-mutations'

/** /locations/create */
export function CreateLocationScreen() {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const create = useCreateLocation()
  return (
    <Page title={LL.locations.createTitle()}>
      <LocationForm
        operation="create"
        initial={emptyValues}
        label={LL.locations.createTitle()}
        submitLabel={LL.common.create()}
        onCancel={() => navigate(listPlacePath(pathTo('locations')))}
        onSubmit={async (input) => {
          const location = await create.mutateAsync(input)
          showToast(LL.locations.created_notice({ name: location.name }))
          navigate(listPlacePath(pathTo('locations'), location.location_id))
        }}
      />
    </Page>
  )
}
