import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { deviceDetail } from '../../api/devices'
import { pathTo } from '../../contract/pages'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { DetailState, useDetail } from '../../ui/detail-state'
import { showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { DeviceForm } from './device-form'
import { valuesOf } from './device-form-model'
import { useUpdateDevice } from './use-device-mutations'

/** /devices/edit/:id — the breadcrumb shows the device's name, not its id. */
export function EditDeviceScreen() {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const detail = useDetail(deviceDetail, (device) => device.name)
  const { id, item: device } = detail
  const update = useUpdateDevice(id)

  if (!device)
    return (
      <DetailState
        title={LL.devices.editTitle()}
        notFound={LL.devices.notFound()}
        detail={detail}
      />
    )

  return (
    <Page title={LL.devices.editNamed({ name: device.name })}>
      <DeviceForm
        label={LL.devices.editNamed({ name: device.name })}
        // A refetch (window focus) must not wipe what the user is typing: the form keeps its own copy.
        key={device.device_id}
        initial={valuesOf(device)}
        saved={device.capabilities}
        submitLabel={LL.common.save()}
        onCancel={() => navigate(listPlacePath(pathTo('devices'), id))}
        onSubmit={async (input) => {
          const saved = await update.mutateAsync(input)
          showToast(LL.devices.savedNotice({ name: saved.name }))
          navigate(listPlacePath(pathTo('devices'), saved.device_id))
        }}
      />
    </Page>
  )
}
