import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { pathTo } from '../../contract/pages'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { DeviceForm } from './device-form'
import { emptyValues } from './device-form-model'
import { useCreateDevice } from './use-device-mutations'

/** /devices/create */
export function CreateDeviceScreen() {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const create = useCreateDevice()
  return (
    <Page title={LL.devices.createTitle()}>
      <DeviceForm
        initial={emptyValues}
        label={LL.devices.createTitle()}
        submitLabel={LL.common.create()}
        onCancel={() => navigate(listPlacePath(pathTo('devices')))}
        onSubmit={async (input) => {
          const device = await create.mutateAsync(input)
          showToast(LL.devices.createdNotice({ name: device.name }))
          navigate(listPlacePath(pathTo('devices'), device.device_id))
        }}
      />
    </Page>
  )
}
