import type { QueryClient } from '@tanstack/react-query'
import type { DeviceCommand } from '../contract/devices'
import { auditKeys } from '../api/audits'
import { deviceKeys, sendDeviceCommand } from '../api/devices'
import { refetchAfterWrite } from '../api/queries'
import { refusalBody, refusedAuditId } from './command-errors'
import { addReceipt, settleReceipt } from './command-receipts'

// The one way a confirmed command leaves the console: the single device's dialog, each device of
// a bulk run and the palette all send through here, so every command has a receipt and every
// receipt settles the same way.

/** The device a command goes to, as its receipt names it. */
export interface CommandTarget {
  device_id: number
  name: string
}

/**
 * Sends `command` with its Idempotency-Key and keeps a receipt of it: pending at once, then done
 * (with its audit row) or failed (with the refusal's audit row and the server's refusal). Resolves
 * or rejects with the server's answer, for the caller's machine.
 */
export function sendWithReceipt(target: CommandTarget, command: DeviceCommand, key: string) {
  addReceipt({ key, deviceId: target.device_id, deviceName: target.name, command })
  // Not aborted when a screen goes: a confirmed command runs, and its receipt settles.
  const sent = sendDeviceCommand(target.device_id, command, key)
  sent.then(
    (result) => settleReceipt(key, { status: 'done', auditId: result.audit_id }),
    (error: unknown) =>
      settleReceipt(key, {
        status: 'failed',
        auditId: refusedAuditId(error),
        refusal: refusalBody(error),
      }),
  )
  return sent
}

/** The command's answer is late: its receipt says it is still waiting for the device. */
export function markWaiting(key: string) {
  settleReceipt(key, { status: 'waiting' })
}

/** After commands ran, the devices (lock state, battery) and the audit log changed. */
export function refetchAfterCommands(client: QueryClient) {
  void refetchAfterWrite(client, deviceKeys, { kind: 'saved' })
  void client.invalidateQueries({ queryKey: auditKeys.all })
}
