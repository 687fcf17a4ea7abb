import { Link } from 'wouter'
import { usePerform } from '../../actions/action-host'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { Device } from '../../contract/devices'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { useSession } from '../../session/session-context'
import { Button, buttonClass } from '../../ui/button'
import { deleteDeviceAction, keypadSecretAction, rotateOfflineKeyAction } from './device-actions'
import * as styles from './devices.css'

/**
 * Edit, a keypad's new secret, Rotate offline key and Delete beside the device's name, each where the user may; a
 * deleted device's list follows.
 */
export function DeviceViewActions({ device }: { device: Device }) {
  const { LL } = useI18nContext()
  const { can } = useSession()
  const perform = usePerform()
  const canDelete = can(deleteDeviceAction.needs.anyOf ?? [])
  const newSecret =
    can(keypadSecretAction.needs.anyOf ?? []) && (keypadSecretAction.applies?.(device) ?? true)
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
      {newSecret ? (
        <Button tone="secondary" onClick={() => perform(keypadSecretAction, device)}>
          {keypadSecretAction.label(LL)}
        </Button>
      ) : null}
      {can(rotateOfflineKeyAction.needs.anyOf ?? []) &&
      device.capabilities.includes('program_offline_access_codes') ? (
        <Button tone="danger" onClick={() => perform(rotateOfflineKeyAction, device)}>
          {rotateOfflineKeyAction.label(LL)}
        </Button>
      ) : null}
      {canDelete ? (
        <Button tone="danger" onClick={() => perform(deleteDeviceAction, device)}>
          {LL.devices.delete()}
        </Button>
      ) : null}
    </div>
  )
}
