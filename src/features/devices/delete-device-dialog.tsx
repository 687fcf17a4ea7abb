import { useI18nContext } from '../../../i18n/i18n-react'
import type { Device } from '../../contract/devices'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { useDeleteDevice } from './use-device-mutations'

interface DeleteDeviceDialogProps {
  device: Pick<Device, 'device_id' | 'name'> | null
  onClose: () => void
  onDeleted?: () => void
}

/** Names what goes with the device and what stays (decision 037); a 409 says which credentials hold it. */
export function DeleteDeviceDialog(props: DeleteDeviceDialogProps) {
  const { device, onClose, onDeleted } = props
  const { LL } = useI18nContext()
  const name = device?.name ?? ''
  return (
    <ConfirmDialog
      target={device?.device_id ?? null}
      mutation={useDeleteDevice()}
      title={LL.devices.deleteTitle({ name })}
      description={LL.devices.deleteBody()}
      confirmLabel={LL.devices.delete()}
      kind="destructive"
      pendingLabel={LL.devices.deleting()}
      doneNotice={LL.devices.deletedNotice({ name })}
      onClose={onClose}
      {...(onDeleted ? { onDone: onDeleted } : {})}
    />
  )
}
