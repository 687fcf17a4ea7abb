import { useEffect, useState, type KeyboardEvent } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { locationDeepDetail } from '../../api/locations'
import type { Device } from '../../contract/devices'
import type { LocationDeep } from '../../contract/locations'
import { locationDevices } from '../../lib/location-devices'
import { pathTo } from '../../contract/pages'
import { BulkCommands } from '../../actions/bulk-commands'
import { activeList } from '../../ui/data-table/active-list'
import { Drawer } from '../../ui/drawer'
import { CenteredSpinner } from '../../ui/loading'
import { LoadFailed } from '../../ui/load-failed'
import { FloorPlans } from './floor-plans'
import { useUrlCommand } from './use-url-command'
import { formatAddress } from './location-address'
import * as styles from './locations.css'
import { deviceTypeName } from '../../lib/answer-text'

interface LocationDrawerProps {
  /** The location shown; null while the drawer is closed. */
  id: number | null
  onClose: () => void
  canUpdate: boolean
}

const STEPS: Record<string, number> = { j: 1, ArrowDown: 1, k: -1, ArrowUp: -1 }

/**
 * The right drawer of requirements R2.8 (`rightSidebar {open, id}`): one location at half width,
 * its floors with their plans, and the devices the user sees there; j/k walk the list behind it
 * without closing.
 */
export function LocationDrawer({ id, onClose, canUpdate }: LocationDrawerProps) {
  const { LL } = useI18nContext()
  const query = useQuery({ ...locationDeepDetail(id ?? 0), enabled: id !== null })
  const location = query.data
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = STEPS[event.key]
    if (step === undefined || event.ctrlKey || event.metaKey || event.altKey) return
    // Arrows belong to the floor picker while it has focus.
    if (event.key.startsWith('Arrow') && event.target instanceof HTMLSelectElement) return
    event.preventDefault()
    activeList()?.step(step)
  }
  return (
    <Drawer
      open={id !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={location?.name ?? LL.locations.viewTitle()}
      hint={LL.locations.drawerHint()}
      onKeyDown={onKeyDown}
    >
      {query.isError ? (
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      ) : location ? (
        <LocationPeek key={location.location_id} location={location} canUpdate={canUpdate} />
      ) : (
        <CenteredSpinner label={LL.common.loading()} />
      )}
    </Drawer>
  )
}

function LocationPeek({ location, canUpdate }: { location: LocationDeep; canUpdate: boolean }) {
  const { LL } = useI18nContext()
  // A bookmarked `?command=upload-plan` opens the drawer with focus on the upload.
  const { command, done } = useUrlCommand()
  const [focusUpload] = useState(command === 'upload-plan')
  useEffect(() => {
    if (command !== null) done()
  }, [command, done])
  const devices = locationDevices<Device>(location)
  const address = formatAddress(location)
  return (
    <div data-testid="location-peek">
      <p className={styles.address}>{address === '' ? LL.locations.noAddress() : address}</p>
      <p className={styles.links}>
        <Link href={pathTo('locations-view', { id: location.location_id })}>
          {LL.commands.locations.open()}
        </Link>
        {canUpdate ? (
          <Link href={pathTo('locations-edit', { id: location.location_id })}>
            {LL.locations.editNamed({ name: location.name })}
          </Link>
        ) : null}
      </p>
      <FloorPlans location={location} canUpdate={canUpdate} focusUpload={focusUpload} />
      <section className={styles.section}>
        <h3 className={styles.sectionTitle}>{LL.locations.yourDevices()}</h3>
        {devices.length === 0 ? (
          <p className={styles.planNote}>{LL.locations.noDevices()}</p>
        ) : (
          <ul className={styles.deviceList} data-testid="location-devices">
            {devices.map((device) => (
              <li key={device.device_id} className={styles.device}>
                <span>{device.name}</span>
                <span className={styles.deviceMeta}>
                  {deviceTypeName(LL, device.device_type)} ·{' '}
                  {device.current_status.connected
                    ? LL.locations.connected()
                    : LL.locations.notConnected()}
                  {device.current_status.battery_level === null
                    ? ''
                    : ` · ${LL.locations.battery({ level: device.current_status.battery_level })}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <BulkCommands location={location} />
    </div>
  )
}
