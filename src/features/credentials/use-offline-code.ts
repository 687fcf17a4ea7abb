import { useActorRef, useSelector } from '@xstate/react'
import { useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import {
  offlineCodeMachine,
  type CodeFailure,
  type OfflineCodeEvent,
  type OfflineCodeInput,
} from '../../../machines/offline-code.machine'
import { isApiError } from '../../api/api-error'
import { createPin, credentialKeys, fetchCredential } from '../../api/credentials'
import type { Credential } from '../../contract/credentials'
import type { Device } from '../../contract/devices'
import type { ErrorBody } from '../../contract/errors'
import { createRequestSlot } from '../../lib/request-actions'

/**
 * The server's refusal, as the machine names it: 422 capability, 409 the device is no longer at
 * the credential's place, 403 permission.
 */
export function codeFailure(error: unknown): CodeFailure {
  if (!isApiError(error) || error.kind !== 'HTTP') return 'unavailable'
  if (error.status === 422) return 'capability'
  if (error.status === 409) return 'place'
  if (error.status === 403) return 'permission'
  return 'unavailable'
}

type Host = {
  credential: Pick<
    Credential,
    'credential_id' | 'start_datetime' | 'end_datetime' | 'assignment_type'
  >
  /** The devices at the credential's place that can program codes, connected or not. */
  devices: readonly Pick<
    Device,
    'device_id' | 'manufacturer_id' | 'device_id_manufacturer' | 'current_status'
  >[]
  hasPin: boolean
  mayGenerate: boolean
  onCopied: () => void
}

/**
 * Hosts the offline-code machine: the lookup reads the credential afresh (the truth, not the list),
 * generation calls create_pin with the machine's idempotency key. The PIN stays in the machine's
 * context while shown and is never written anywhere else.
 */
export function useOfflineCode({ credential, devices, hasPin, mayGenerate, onCopied }: Host) {
  const client = useQueryClient()
  // One machine per opened dialog: the inputs are read once, as the machine's input is.
  const [refusal, setRefusal] = useState<ErrorBody | null>(null)
  const [machine] = useState(() => {
    const slot = createRequestSlot()
    return offlineCodeMachine.provide({
      actions: {
        lookUpCode: ({ self }, { credentialId }) =>
          slot.start((signal) => fetchCredential(credentialId, signal), {
            ok: (found) => {
              const pin = found.meta_data.command_output.pin
              self.send(pin === null ? { type: 'code.missing' } : { type: 'code.found', pin })
            },
            fail: (error) => self.send({ type: 'code.failed', reason: codeFailure(error) }),
          }),
        generate: ({ self }, { deviceId, idempotencyKey }) => {
          const device = devices.find((d) => d.device_id === deviceId)
          if (device === undefined) return
          slot.start((signal) => createPin({ device, credential, idempotencyKey, signal }), {
            ok: (pin) => {
              self.send({ type: 'code.generated', pin })
              // The list says "PIN held" from now on.
              void client.invalidateQueries({ queryKey: credentialKeys.all })
            },
            fail: (error) => {
              // A lockdown's refusal names itself (who started it, when); kept to word it.
              setRefusal(isApiError(error) ? (error.body ?? null) : null)
              self.send({ type: 'code.failed', reason: codeFailure(error) })
            },
          })
        },
        cancelPending: () => slot.cancel(),
        copyPin: (_, { pin }) => {
          void navigator.clipboard?.writeText(pin).then(onCopied, () => undefined)
        },
      },
    })
  })
  const input: OfflineCodeInput = {
    credentialId: credential.credential_id,
    target: credential.assignment_type,
    hasPin,
    devices: devices.map((d) => ({ deviceId: d.device_id, connected: d.current_status.connected })),
    mayGenerate,
  }
  const actor = useActorRef(machine, { input })
  const snapshot = useSelector(actor, (s) => s)
  return { snapshot, refusal, send: (event: OfflineCodeEvent) => actor.send(event) }
}
