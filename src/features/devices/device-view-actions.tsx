import { useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { Device } from '../../contract/devices'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { useSession } from '../../session/session-context'
import { Button, buttonClass } from '../../ui/button'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { DeleteDeviceDialog } from './delete-device-dialog'
import { DELETE_REQUEST, REQUEST_PARAM } from './device-links'
import * as styles from './devices.css'

/** Edit and Delete beside the device's name, each where the user may; a deleted device's list follows. */
export function DeviceViewActions({ device }: { device: Device }) {
  const { LL } = useI18nContext()
  const { can } = useSession()
  const search = useSearch()
  const [, navigate] = useLocation()
  const [confirming, setConfirming] = useState(false)
  const canDelete = can(needs('devices', 'delete'))
  const asked = canDelete && new URLSearchParams(search).get(REQUEST_PARAM) === DELETE_REQUEST
  const close = () => {
    setConfirming(false)
    // The request is taken once: Back or a reload must not ask again.
    if (asked) navigate(pathTo('devices-view', { id: device.device_id }), { replace: true })
  }
  return (
    <div className={styles.headerActions}>
      {can(needs('devices', 'update')) ? (
        <Link
          className={buttonClass({ tone: 'secondary' })}
          href={pathTo('devices-edit', { id: device.device_id })}
        >
          {LL.devices.edit()}
        </Link>
      ) : null}
      {canDelete ? (
        <Button tone="danger" onClick={() => setConfirming(true)}>
          {LL.devices.delete()}
        </Button>
      ) : null}
      <DeleteDeviceDialog
        device={confirming || asked ? device : null}
        onClose={close}
        onDeleted={() => navigate(listPlacePath(pathTo('devices')))}
      />
    </div>
  )
}
