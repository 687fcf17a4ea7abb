import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import { activeLockdownsOptions } from '../api/lockdowns'
import { deviceKeys } from '../api/devices'
import type { Device } from '../contract/devices'
import { lockdownNeeds } from '../contract/permissions'
import { useSession } from '../session/session-context'
import { Notice } from '../ui/notice'

/**
 * On a device's page, before anyone presses Unlock: the lockdown that holds the device (the
 * server's answer, `device.lockdown`), and for holders of the override that their command goes
 * through, marked. A lockdown started or released elsewhere reaches the page with the banner's
 * poll: the device is read again when the active lockdowns change.
 */
export function DeviceLockdownNotice({ device }: { device: Device }) {
  const { LL } = useI18nContext()
  const { can } = useSession()
  const client = useQueryClient()
  const { data } = useQuery(activeLockdownsOptions)
  const active = data?.data.map((lockdown) => lockdown.lockdown_id).join(',')
  const seen = useRef(active)
  useEffect(() => {
    if (active === undefined || active === seen.current) return
    const first = seen.current === undefined
    seen.current = active
    // The device was read with the lockdowns of the first answer; a change since is news.
    if (!first) void client.invalidateQueries({ queryKey: deviceKeys.detail(device.device_id) })
  }, [active, client, device.device_id])
  const lockdown = device.lockdown
  if (!lockdown) return null
  return (
    <Notice tone="danger">
      {LL.lockdown.deviceNotice({
        scope: lockdown.scope_name,
        email: lockdown.started_by,
        at: lockdown.started_at,
      })}
      {can(lockdownNeeds.override) ? ` ${LL.lockdown.deviceOverride()}` : null}
    </Notice>
  )
}
