import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useEffectEvent, useState } from 'react'
import {
  deviceCommandMachine,
  type DeviceCommandName,
  type DeviceCommandInput,
} from '../../machines/device-command.machine'
import { useI18nContext } from '../../i18n/i18n-react'
import type { TranslationFunctions } from '../../i18n/i18n-types'
import { commandFailureText } from '../lib/answer-text'
import { createRequestSlot } from '../lib/request-actions'
import { createTimerSlot } from '../lib/timer-actions'
import { errorText } from '../ui/data-table/error-text'
import { failureOf, refusalOf } from './command-errors'
import { markWaiting, refetchAfterCommands, sendWithReceipt } from './send-command'

/**
 * Words for the error dialog: a refusal worded from the server's code and parameters (they name
 * the device's problem exactly); a command that never arrived says what happened to it.
 */
function reasonOf(LL: TranslationFunctions, error: unknown): string | null {
  if (failureOf(error) === 'unavailable' && error instanceof Error) return errorText(LL, error)
  return commandFailureText(LL, refusalOf(error))
}

/**
 * Hosts one device's command machine: sends through a request slot (a late answer after the
 * screen left is dropped), times the answer with a timer slot, refetches the device and its audit
 * entries after a command ran (its lock state and battery changed), and keeps a receipt of each
 * sent command for the receipts panel.
 */
export function useDeviceCommand(
  input: DeviceCommandInput,
  deviceName: string,
  onSucceeded: (command: DeviceCommandName) => void,
) {
  const client = useQueryClient()
  const { LL } = useI18nContext()
  // The failure itself, put in words on render so they follow the language.
  const [failedWith, setFailedWith] = useState<unknown>(null)
  // Provided once, with the slots it owns: the query client never changes either, and the host
  // is keyed by device, so the name its receipts carry is the one it was opened with.
  const [{ machine, slots }] = useState(() => {
    const request = createRequestSlot()
    const timer = createTimerSlot()
    // The key of the command on its way, whose receipt the timer marks as waiting.
    let sentKey: string | null = null
    const provided = deviceCommandMachine.provide({
      actions: {
        send: ({ self }, { deviceId, command, idempotencyKey }) => {
          setFailedWith(null)
          sentKey = idempotencyKey
          const sent = sendWithReceipt(
            { device_id: deviceId, name: deviceName },
            command,
            idempotencyKey,
          )
          request.start(() => sent, {
            ok: (result) => {
              self.send({ type: 'command.succeeded', auditId: result.audit_id })
              refetchAfterCommands(client)
            },
            fail: (error) => {
              setFailedWith(error)
              self.send({ type: 'command.failed', reason: failureOf(error) })
              refetchAfterCommands(client)
            },
          })
        },
        startTimer: ({ self }, { ms }) =>
          timer.start(ms, () => {
            if (sentKey !== null) markWaiting(sentKey)
            self.send({ type: 'timer.expired' })
          }),
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
