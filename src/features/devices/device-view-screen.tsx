import { useEffect, useEffectEvent, type ReactNode } from 'react'
import { useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { deviceDetail } from '../../api/devices'
import type { Device } from '../../contract/devices'
import { needs } from '../../contract/permissions'
import { COMMAND_PARAM } from '../../actions/command-links'
import { usePerform } from '../../actions/action-host'
import { deepLinkedAction, type DeviceAction } from './device-actions'
import { pathTo } from '../../contract/pages'
import { useSession } from '../../session/session-context'
import { usePageSubject } from '../../commands/page-subject'
import { DetailState, useDetail } from '../../ui/detail-state'
import { Page } from '../../ui/page'
import { DeviceCommands } from './device-commands'
import { LockHoldings } from './lock-holdings'
import { DeviceRecentAudits } from './device-recent-audits'
import { DeviceViewActions } from './device-view-actions'
import { TryPin } from './try-pin'
import { placeText } from './device-place'
import { BatteryBar, CapabilityList, ConnectionText } from './device-status'
import * as styles from './devices.css'
import { deviceTypeName } from '../../lib/answer-text'
import { JournalHistory } from '../../journal/journal-history'
import { WhoCanOpen } from '../../journal/who-can-open'
import { DoorModePanel } from '../../door-modes/door-mode-panel'
import { keepsOwnMode, lockRef } from '../../door-modes/lock-mode-actions'

/**
 * /devices/view/:id — one device's status and its commands. A route of its own (not a drawer over
 * the list) so a link names one device, and `?command=lock` (or `delete`) asks that action.
 */
export function DeviceViewScreen() {
  const { LL } = useI18nContext()
  const search = useSearch()
  const [, navigate] = useLocation()
  const { can } = useSession()
  const perform = usePerform()
  const detail = useDetail(deviceDetail, (device) => device.name)
  const { item: device } = detail
  usePageSubject('devices', device)
  const requested = deepLinkedAction(new URLSearchParams(search).get(COMMAND_PARAM))
  // A bookmarked `?command=lock` asks as the button does, once the device is known; dropping it
  // from the URL keeps Back and a reload from asking again.
  const askDeepLink = useEffectEvent((shown: Device, action: DeviceAction) => {
    navigate(pathTo('devices-view', { id: shown.device_id }), { replace: true })
    perform(action, shown)
  })
  useEffect(() => {
    if (requested !== undefined && device !== undefined) askDeepLink(device, requested)
  }, [requested, device])

  if (!device)
    return (
      <DetailState
        title={LL.devices.viewTitle()}
        notFound={LL.devices.notFound()}
        detail={detail}
      />
    )

  const status = device.current_status
  const facts: [string, ReactNode][] = [
    [LL.devices.type(), deviceTypeName(LL, device.device_type)],
    [LL.devices.place(), placeText(device.place)],
    [LL.devices.connection(), <ConnectionText key="c" connected={status.connected} />],
    [LL.devices.battery(), <BatteryBar key="b" level={status.battery_level} />],
    [
      LL.devices.lockState(),
      status.lock_state === null ? LL.devices.noLock() : LL.devices[status.lock_state](),
    ],
    [LL.devices.manufacturer(), device.manufacturer_name],
    [LL.devices.manufacturerId(), device.device_id_manufacturer],
    [LL.devices.description(), device.description],
    [LL.devices.capabilities(), <CapabilityList key="k" capabilities={device.capabilities} />],
  ]

  return (
    <Page
      title={device.name}
      intro={placeText(device.place)}
      actions={<DeviceViewActions device={device} />}
    >
      <section className={styles.section} aria-labelledby="device-status">
        <h2 id="device-status" className={styles.sectionTitle}>
          {LL.devices.status()}
        </h2>
        <dl className={styles.facts}>
          {facts.map(([term, value]) => (
            <div key={term} className={styles.factPair}>
              <dt className={styles.factTerm}>{term}</dt>
              <dd className={styles.factValue}>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <DeviceCommands device={device} />
      <TryPin device={device} />
      {device.capabilities.includes('program_offline_access_codes') &&
      can(needs('devices', 'read')) ? (
        <LockHoldings device={device} />
      ) : null}
      {device.assignment_type === 'door' ? (
        // A device on a door follows its door's mode (decision 069): why it is locked now, its week.
        // After Try a PIN, whose field stays a few Tabs from the commands.
        <DoorModePanel
          door={{
            door_id: device.assignment_id,
            name: device.place.door ?? '',
            location_id: device.location_id,
          }}
          lockNames={new Map([[device.device_id, device.name]])}
        />
      ) : keepsOwnMode(device) ? (
        // A lock on no door keeps its own mode (decision 072): the same panel, on the lock.
        <DoorModePanel
          door={lockRef(device)}
          lockNames={new Map([[device.device_id, device.name]])}
        />
      ) : null}
      {can(needs('devices:audits', 'read')) ? (
        <DeviceRecentAudits deviceId={device.device_id} name={device.name} />
      ) : null}
      <WhoCanOpen type="device" id={device.device_id} />
      <JournalHistory type="device" id={device.device_id} />
    </Page>
  )
}
