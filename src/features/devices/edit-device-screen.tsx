import { useQuery } from '@tanstack/react-query'
import { useLocation, useParams } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { isHttpStatus } from '../../api/client'
import { deviceDetail } from '../../api/devices'
import { useBreadcrumbLabel } from '../../lib/breadcrumb-labels'
import { pathTo } from '../../lib/paths'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { CenteredSpinner } from '../../ui/loading'
import { LoadFailed } from '../../ui/load-failed'
import { Notice, showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { DeviceForm } from './device-form'
import { valuesOf } from './device-form-model'
import { useUpdateDevice } from './use-device-mutations'

/** /devices/edit/:id — the breadcrumb shows the device's name, not its id. */
export function EditDeviceScreen() {
  const { LL } = useI18nContext()
  const params = useParams<{ id: string }>()
  const id = /^\d{1,10}$/.test(params.id) ? Number(params.id) : 0
  const [, navigate] = useLocation()
  const query = useQuery({
    ...deviceDetail(id),
    enabled: id > 0,
    retry: (count, error) => !isHttpStatus(error, 404) && count < 2,
  })
  const update = useUpdateDevice(id)
  const device = query.data
  useBreadcrumbLabel(id || undefined, device?.name)

  if (id === 0 || isHttpStatus(query.error, 404))
    return (
      <Page title={LL.devices.editTitle()}>
        <Notice tone="warning">{LL.devices.notFound()}</Notice>
      </Page>
    )
  if (query.isError)
    return (
      <Page title={LL.devices.editTitle()}>
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      </Page>
    )
  if (!device) return <CenteredSpinner label={LL.common.loading()} />

  return (
    <Page title={LL.devices.editNamed({ name: device.name })}>
      <DeviceForm
        label={LL.devices.editNamed({ name: device.name })}
        // A refetch (window focus) must not wipe what the user is typing: the form keeps its own copy.
        key={device.device_id}
        initial={valuesOf(device)}
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
