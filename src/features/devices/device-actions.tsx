import { useLocation } from 'wouter'
import { sendWithReceipt, refetchAfterCommands } from '../../actions/send-command'
import { deviceSubject } from '../../actions/bulk-command'
import type { Action, ActionDialogProps, Confirmation } from '../../commands/command'
import type { PaletteContext } from '../../commands/registry'
import {
  commandCapability,
  deviceCommands,
  type Device,
  type DeviceCommand,
} from '../../contract/devices'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { takesPins } from '../../contract/pin-entry'
import { WHO_CAN_OPEN_COMMAND } from '../../journal/who-can-open'
import { lockModeActions } from '../../door-modes/lock-mode-actions'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { DeleteDeviceDialog } from './delete-device-dialog'
import { NewKeypadSecretDialog } from './keypad-secret'
import { placeText } from './device-place'
import { credentialKeys } from '../../api/credentials'
import { lockSyncKeys, rotateOfflineKey } from '../../api/lock-sync'

// Every verb on a device, declared once (decision 063): the palette ("unlock recep", a result's
// actions), the device page's buttons, the keys and `?command=` deep links all read this table.

export type DeviceAction = Action<Device, PaletteContext>

const once = (command: DeviceCommand): Confirmation<Device> => ({
  tone: 'reversible',
  title: (LL, device) =>
    LL.devices.confirmTitle({ command: LL.devices.command[command](), name: device.name }),
  body: (LL, device) =>
    LL.devices.confirmBody({
      command: LL.devices.command[command](),
      name: device.name,
      place: placeText(device.place),
    }),
  confirm: (LL) => LL.devices.confirmSend({ command: LL.devices.command[command]() }),
})

// Force unlock overrides a lock's safety: a warning first, then a second step that starts on Cancel.
const forceUnlock: Confirmation<Device> = {
  ...once('force_unlock'),
  confirm: (LL) => LL.devices.forceContinue(),
  warning: (LL) => LL.devices.forceWarning(),
  again: {
    title: (LL, device) => LL.devices.forceTitle({ name: device.name }),
    body: (LL, device) => LL.devices.forceBody({ place: placeText(device.place) }),
    confirm: (LL) => LL.devices.forceSend(),
  },
}

/** One remote command: what the server requires to send it (decision 008), asked, sent with a receipt. */
function commandAction(command: DeviceCommand): DeviceAction {
  return {
    id: `device.${command}`,
    label: (LL) => LL.devices.command[command](),
    needs: {
      anyOf: needs('devices', 'update'),
      capability: commandCapability[command],
      online: true,
    },
    subject: deviceSubject,
    tone: command === 'force_unlock' ? 'danger' : 'primary',
    stepUp: command === 'force_unlock',
    confirm: command === 'force_unlock' ? forceUnlock : once(command),
    deepLink: command,
    succeeded: (LL, device) =>
      LL.devices.succeeded({ command: LL.devices.command[command](), name: device.name }),
    run: (_, device, { idempotencyKey, queryClient }) =>
      sendWithReceipt(device, command, idempotencyKey)
        .then((result) => ({ auditId: result.audit_id }))
        .finally(() => refetchAfterCommands(queryClient)),
  }
}

/** The device's remote commands, in the order its page shows them. */
export const deviceCommandActions: readonly DeviceAction[] = deviceCommands.map(commandAction)

/** Deleting from its own page returns to the list the person came from. */
function DeleteDevice({ entity, onClose }: ActionDialogProps<Device>) {
  const [path, navigate] = useLocation()
  const ownPage = pathTo('devices-view', { id: entity.device_id })
  return (
    <DeleteDeviceDialog
      device={entity}
      onClose={onClose}
      onDeleted={() => {
        if (path === ownPage) navigate(listPlacePath(pathTo('devices')))
      }}
    />
  )
}

export const deleteDeviceAction: DeviceAction = {
  id: 'device.delete',
  label: (LL) => LL.devices.paletteDelete(),
  needs: { anyOf: needs('devices', 'delete') },
  tone: 'danger',
  deepLink: 'delete',
  dialog: (props) => <DeleteDevice {...props} />,
  run: () => undefined,
}

/** A keypad's new secret asks, then shows it once, where the person is. */
function NewSecret({ entity, onClose }: ActionDialogProps<Device>) {
  return <NewKeypadSecretDialog device={entity} onClose={onClose} />
}

export const keypadSecretAction: DeviceAction = {
  id: 'device.keypad-secret',
  label: (LL) => LL.keypad.secretAction(),
  needs: { anyOf: needs('devices', 'update') },
  applies: takesPins,
  // It puts a secret on screen: chosen by name, never what Enter does on a result.
  reveals: true,
  tone: 'secondary',
  dialog: (props) => <NewSecret {...props} />,
  run: () => undefined,
}

/**
 * A new offline key for the lock: every code it made before stops working at once (decision 073).
 * It cannot be taken back, so the confirmation starts on Cancel.
 */
export const rotateOfflineKeyAction: DeviceAction = {
  id: 'device.rotate-offline-key',
  label: (LL) => LL.lockSync.rotate(),
  needs: { anyOf: needs('devices', 'update'), capability: 'program_offline_access_codes' },
  subject: deviceSubject,
  tone: 'danger',
  stepUp: true,
  confirm: {
    tone: 'destructive',
    title: (LL, device) => LL.lockSync.rotateTitle({ name: device.name }),
    body: (LL, device) => LL.lockSync.rotateBody({ name: device.name }),
    confirm: (LL) => LL.lockSync.rotateConfirm(),
  },
  succeeded: (LL, device) => LL.lockSync.rotated({ name: device.name }),
  run: async (_, device, { queryClient }) => {
    await rotateOfflineKey(device.device_id)
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: lockSyncKeys.all }),
      queryClient.invalidateQueries({ queryKey: credentialKeys.all }),
    ])
  },
}

/** Every action on a device, in the palette's order: opening it first (what Enter does). */
export const deviceActions: readonly DeviceAction[] = [
  {
    id: 'device.open',
    opensItsPage: true,
    label: (LL) => LL.devices.paletteOpen(),
    needs: {},
    run: (ctx, device) => ctx.navigate(pathTo('devices-view', { id: device.device_id })),
  },
  ...deviceCommandActions,
  {
    id: 'device.edit',
    label: (LL) => LL.devices.paletteEdit(),
    needs: { anyOf: needs('devices', 'update') },
    run: (ctx, device) => ctx.navigate(pathTo('devices-edit', { id: device.device_id })),
  },
  keypadSecretAction,
  rotateOfflineKeyAction,
  deleteDeviceAction,
  {
    // "who can open recep": the device's "Who can open this?", with focus on it.
    id: 'device.who-can-open',
    label: (LL) => LL.access.palette.whoCanOpen(),
    needs: { anyOf: needs('credentials', 'read') },
    run: (ctx, device) =>
      ctx.navigate(
        pathTo('devices-view', { id: device.device_id }, { command: WHO_CAN_OPEN_COMMAND }),
      ),
  },
  {
    // "audit recep": the audit log searched for the device, as its page's "all in the audit log".
    id: 'device.audits',
    label: (LL) => LL.devices.paletteAudits(),
    needs: { anyOf: needs('devices:audits', 'read') },
    run: (ctx, device) => ctx.navigate(pathTo('audits', { search: device.name })),
  },
  {
    id: 'device.show-in-list',
    label: (LL) => LL.devices.paletteShowInList(),
    needs: {},
    run: (ctx, device) => ctx.navigate(pathTo('devices', { search: device.name })),
  },
  // "set unlock schedule cupboard", "unlock until cupboard": a lock on no door's own mode (072).
  ...lockModeActions,
]

/** The action a deep link asks for (`?command=lock`), if it names one. */
export const deepLinkedAction = (word: string | null): DeviceAction | undefined =>
  word === null ? undefined : deviceActions.find((action) => action.deepLink === word)
