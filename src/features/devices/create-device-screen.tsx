import { useState } from 'react'
import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { pathTo } from '../../contract/pages'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { DeviceForm } from './device-form'
import { emptyValues } from './device-form-model'
import { KeypadSecretDialog } from './keypad-secret'
import { useCreateDevice } from './use-device-mutations'

/** A new device's secret from its create answer, until its dialog closes. */
interface Made {
  id: number
  name: string
  secret: string
}

/** /devices/create; a new device's secret for pin-entry is shown once before the list. */
export function CreateDeviceScreen() {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const create = useCreateDevice()
  const [made, setMade] = useState<Made | null>(null)
  // The notice and the list follow the secret's dialog, when there is one.
  const toList = (id: number, name: string) => {
    showToast(LL.devices.createdNotice({ name }))
    navigate(listPlacePath(pathTo('devices'), id))
  }
  return (
    <Page title={LL.devices.createTitle()}>
      <DeviceForm
        initial={emptyValues}
        label={LL.devices.createTitle()}
        submitLabel={LL.common.create()}
        onCancel={() => navigate(listPlacePath(pathTo('devices')))}
        onSubmit={async (input) => {
          const device = await create.mutateAsync(input)
          if (device.secret === undefined) toList(device.device_id, device.name)
          else setMade({ id: device.device_id, name: device.name, secret: device.secret })
        }}
      />
      <KeypadSecretDialog
        name={made?.name ?? ''}
        secret={made?.secret ?? null}
        onClose={() => {
          if (made !== null) toList(made.id, made.name)
          setMade(null)
        }}
      />
    </Page>
  )
}
