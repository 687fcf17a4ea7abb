import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useEffectEvent, useState } from 'react'
import {
  deviceCommandMachine,
  type CommandFailure,
  type DeviceCommandName,
  type DeviceCommandInput,
} from '../../../machines/device-command.machine'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import { isApiError } from '../../api/client'
import { deviceKeys, sendDeviceCommand } from '../../api/devices'
import { refetchAfterWrite } from '../../api/queries'
import { createRequestSlot } from '../../lib/request-actions'
import { createTimerSlot } from '../../lib/timer-actions'
import { errorText } from '../../ui/data-table/error-text'

const failureByStatus: Record<number, CommandFailure> = {
  403: 'permission',
  409: 'offline',
  422: 'capability',
}

/** What the server's refusal means to the user; anything else is "could not be sent". */
export function failureOf(error: unknown): CommandFailure {
  return (
    (isApiError(error) && error.kind === 'HTTP' && failureByStatus[error.status ?? 0]) ||
    'unavailable'
  )
}

/**
 * Words for the error dialog: a refusal in the server's own words (they name the device's problem
 * exactly); a command that never arrived says what happened to it (offline, timeout, busy, …).
 */
function reasonOf(LL: TranslationFunctions, error: unknown): string | null {
  if (failureOf(error) === 'unavailable' && error instanceof Error) return errorText(LL, error)
  return isApiError(error) ? (error.body?.message ?? null) : null
}

/**
 * Hosts one device's command machine: sends through a request slot (a late answer after the
 * screen left is dropped), times the answer with a timer slot, and refetches the device after a
 * command ran because its lock state and battery changed.
 */
export function useDeviceCommand(
  input: DeviceCommandInput,
  onSucceeded: (command: DeviceCommandName) => void,
) {
  const client = useQueryClient()
  const { LL } = useI18nContext()
  // The failure itself, put in words on render so they follow the language.
  const [failedWith, setFailedWith] = useState<unknown>(null)
  // Provided once, with the slots it owns: the query client never changes either.
  const [{ machine, slots }] = useState(() => {
    const request = createRequestSlot()
    const timer = createTimerSlot()
    const provided = deviceCommandMachine.provide({
      actions: {
        send: ({ self }, { deviceId, command, idempotencyKey }) => {
          setFailedWith(null)
          request.start((signal) => sendDeviceCommand(deviceId, command, idempotencyKey, signal), {
            ok: (result) => {
              self.send({ type: 'command.succeeded', auditId: result.audit_id })
              void refetchAfterWrite(client, deviceKeys, { kind: 'saved' })
            },
            fail: (error) => {
              setFailedWith(error)
              self.send({ type: 'command.failed', reason: failureOf(error) })
              void refetchAfterWrite(client, deviceKeys, { kind: 'saved' })
            },
          })
        },
        startTimer: ({ self }, { ms }) =>
          timer.start(ms, () => self.send({ type: 'timer.expired' })),
        cancelTimer: () => timer.cancel(),
      },
    })
    return { machine: provided, slots: { request, timer } }
  })
  const actor = useActorRef(machine, { input })
  useEffect(() => {
    return () => {
      slots.request.cancel()
      slots.timer.cancel()
    }
  }, [slots])
  const state = useSelector(actor, (snapshot) => snapshot.value)
  const context = useSelector(actor, (snapshot) => snapshot.context)
  const done = state === 'succeeded' ? context.auditId : null
  const notify = useEffectEvent((command: DeviceCommandName) => onSucceeded(command))
  // Once per answered command: each success has its own audit row.
  useEffect(() => {
    if (done !== null && context.command !== null) notify(context.command)
  }, [done, context.command])
  const reason = failedWith === null ? null : reasonOf(LL, failedWith)
  return { actor, state, context, reason }
}
