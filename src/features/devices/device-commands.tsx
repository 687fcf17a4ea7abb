import { useI18nContext } from '../../../i18n/i18n-react'
import { usePerform } from '../../actions/action-host'
import { actionAvailability } from '../../commands/availability'
import type { Device } from '../../contract/devices'
import { DeviceLockdownNotice } from '../../lockdown/device-lockdown-notice'
import { useSession } from '../../session/session-context'
import { Button } from '../../ui/button'
import { deviceCommandActions } from './device-actions'
import * as styles from './devices.css'

/**
 * The command buttons of one device, read from its actions (decision 063) and shown by capability
 * (requirements R4.10, R6.5). A button the device cannot run now (not connected) or the user may
 * not send (no devices:update) stays visible, disabled, with the reason under it, so what
 * capability shows is never a dead end. A press runs through the action host, as the palette does.
 */
export function DeviceCommands({ device }: { device: Device }) {
  const { LL } = useI18nContext()
  const { can, user } = useSession()
  const perform = usePerform()
  // Permission decides whether the palette lists a command; the page shows it disabled instead.
  const shown = deviceCommandActions.flatMap((action) => {
    const found = actionAvailability(action, device, () => true)
    if (found.state === 'disabled' && found.cause === 'capability') return []
    const allowed = actionAvailability(action, device, can, { userId: user?.user_id ?? 0 })
    return [{ action, found, allowed }]
  })

  return (
    <section className={styles.section} aria-labelledby="device-commands">
      <h2 id="device-commands" className={styles.sectionTitle}>
        {LL.devices.commands()}
      </h2>
      <DeviceLockdownNotice device={device} />
      {shown.length === 0 ? <p className={styles.reason}>{LL.devices.noCommands()}</p> : null}
      <div className={styles.commandRow}>
        {shown.map(({ action, found, allowed }) => {
          const reasonId = `${action.id.replace('.', '-')}-reason`
          const reason =
            found.state === 'disabled'
              ? found.reason(LL)
              : allowed.state === 'enabled'
                ? null
                : LL.devices.refusal.permission()
          return (
            <div key={action.id} className={styles.command}>
              <Button
                tone={action.tone === 'danger' ? 'danger' : 'primary'}
                disabled={reason !== null}
                aria-describedby={reason ? reasonId : undefined}
                onClick={() => perform(action, device)}
              >
                {action.label(LL)}
              </Button>
              {reason ? (
                <p id={reasonId} className={styles.reason}>
                  {reason}
                </p>
              ) : null}
            </div>
          )
        })}
      </div>
    </section>
  )
}
