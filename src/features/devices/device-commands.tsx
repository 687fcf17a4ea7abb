import { useRef } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { refusalOf, type DeviceCommandName } from '../../../machines/device-command.machine'
import { deviceCommands, type Device } from '../../contract/devices'
import { Button } from '../../ui/button'
import { Notice, showToast } from '../../ui/notice'
import {
  CommandConfirmDialog,
  CommandFailedDialog,
  type ConfirmStep,
} from '../../device-commands/command-dialogs'
import { DeviceLockdownNotice } from '../../lockdown/device-lockdown-notice'
import { placeText } from './device-place'
import * as styles from './devices.css'
import { deviceRequests } from '../../device-commands/command-requests'
import { useCommandRequests } from '../../device-commands/use-command-requests'
import { useDeviceCommand } from '../../device-commands/use-device-command'

const confirmSteps: Partial<Record<string, ConfirmStep>> = {
  confirming: 'confirm',
  confirmingForce: 'force',
  sending: 'sending',
}

interface DeviceCommandsProps {
  device: Device
  canSend: boolean
}

/**
 * The command buttons of one device, shown by capability (requirements R4.10, R6.5). A button the
 * device cannot run now (not connected) or the user may not send (no devices:update) stays visible,
 * disabled, with the reason under it, so what capability shows is never a dead end.
 */
export function DeviceCommands({ device, canSend }: DeviceCommandsProps) {
  const { LL } = useI18nContext()
  const buttons = useRef(new Map<DeviceCommandName, HTMLButtonElement>())
  // The machine forgets a cancelled command; focus still returns to the button that asked.
  const lastAsked = useRef<DeviceCommandName | null>(null)
  const live = {
    capabilities: device.capabilities,
    connected: device.current_status.connected,
    canSend,
  }
  const { actor, state, context, reason } = useDeviceCommand(
    { deviceId: device.device_id, ...live },
    device.name,
    (command) =>
      showToast(
        LL.devices.succeeded({ command: LL.devices.command[command](), name: device.name }),
      ),
  )
  const request = (command: DeviceCommandName) => {
    lastAsked.current = command
    actor.send({ type: 'command.request', command })
  }
  // The palette's and a deep link's way in: the same confirmation the button opens.
  useCommandRequests(deviceRequests, device.device_id, request)

  const offered = deviceCommands.filter((command) => refusalOf(live, command) !== 'capability')
  const step = typeof state === 'string' ? (confirmSteps[state] ?? null) : null
  const busy = state !== 'idle' && state !== 'succeeded'
  const focusCommand = (event: Event) => {
    const button = lastAsked.current ? buttons.current.get(lastAsked.current) : undefined
    if (!button || button.disabled) return
    event.preventDefault()
    button.focus()
  }

  return (
    <section className={styles.section} aria-labelledby="device-commands">
      <h2 id="device-commands" className={styles.sectionTitle}>
        {LL.devices.commands()}
      </h2>
      <DeviceLockdownNotice device={device} />
      {offered.length === 0 ? <p className={styles.reason}>{LL.devices.noCommands()}</p> : null}
      <div className={styles.commandRow}>
        {offered.map((command) => {
          const refusal = refusalOf(live, command)
          const reasonId = `command-${command}-reason`
          return (
            <div key={command} className={styles.command}>
              <Button
                ref={(node) => {
                  if (node) buttons.current.set(command, node)
                  else buttons.current.delete(command)
                }}
                tone={command === 'force_unlock' ? 'danger' : 'primary'}
                disabled={refusal !== null || busy}
                aria-describedby={refusal ? reasonId : undefined}
                onClick={() => request(command)}
              >
                {LL.devices.command[command]()}
              </Button>
              {refusal ? (
                <p id={reasonId} className={styles.reason}>
                  {LL.devices.refusal[refusal]()}
                </p>
              ) : null}
            </div>
          )
        })}
      </div>
      {state === 'awaitingOutcome' && context.command ? (
        <Notice tone="warning">
          <strong>{LL.devices.waitingTitle()}</strong>{' '}
          {LL.devices.waitingBody({
            command: LL.devices.command[context.command](),
            name: device.name,
          })}
        </Notice>
      ) : null}
      <CommandConfirmDialog
        step={step}
        command={context.command}
        name={device.name}
        place={placeText(device.place)}
        onConfirm={() =>
          actor.send({ type: 'command.confirm', idempotencyKey: crypto.randomUUID() })
        }
        onConfirmForce={() => actor.send({ type: 'command.confirmForce' })}
        onCancel={() => actor.send({ type: 'command.cancel' })}
        onCloseAutoFocus={focusCommand}
      />
      <CommandFailedDialog
        failure={state === 'failed' ? context.failure : null}
        reason={reason}
        onDismiss={() => actor.send({ type: 'error.dismiss' })}
        onCloseAutoFocus={focusCommand}
      />
    </section>
  )
}
