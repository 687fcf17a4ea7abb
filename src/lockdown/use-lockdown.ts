import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useState } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import {
  approveOffered,
  lockdownMachine,
  type LockdownEvent,
  type SeenState,
} from '../../machines/lockdown.machine'
import {
  approveRelease,
  refetchAfterLockdown,
  requestRelease,
  startLockdown,
} from '../api/lockdowns'
import type { Lockdown, StartLockdown } from '../contract/lockdowns'
import { lockdownNeeds } from '../contract/permissions'
import { createRequestSlot } from '../lib/request-actions'
import { useSession } from '../session/session-context'
import { failureText } from '../ui/form/failure-text'
import { answerProblem, formFailure } from '../ui/form/form-core'

type SeenEvent = Extract<LockdownEvent, { type: 'lockdown.seen' }>

/** The server's answer as the machine reads it: the state, and the two people of its release. */
export function seenOf(lockdown: Lockdown): SeenEvent {
  const release = lockdown.release
  const state: SeenState =
    lockdown.state === 'active' && release?.state === 'lapsed' ? 'release_lapsed' : lockdown.state
  return {
    type: 'lockdown.seen',
    state,
    requestedBy: release?.requested_by.user_id ?? null,
    approvedBy: release?.approved_by?.user_id ?? null,
  }
}

const ruleOf = (error: unknown) => answerProblem(error)?.problem.rule ?? 'unavailable'

/**
 * Hosts the lockdown machine for one lockdown (the banner, the page) or for starting one (the
 * start dialog, `lockdown` null): sends through a request slot, feeds it the poll's answers as
 * `lockdown.seen`, refetches lockdowns and devices after each change, and keeps the refusal to
 * show it in words.
 */
export function useLockdown(lockdown: Lockdown | null) {
  const client = useQueryClient()
  const { LL } = useI18nContext()
  const { user, can } = useSession()
  const [failedWith, setFailedWith] = useState<unknown>(null)
  const [{ machine, slot, remember }] = useState(() => {
    const slot = createRequestSlot()
    // The poll's latest answer, heard or not: the states that send a request do not listen to it.
    let latest: SeenEvent | null = null
    const remember = (seen: SeenEvent | null) => {
      latest = seen
    }
    const fail =
      (
        self: { send: (event: LockdownEvent) => void },
        type: `${'start' | 'request' | 'approve'}.failed`,
      ) =>
      (error: unknown) => {
        setFailedWith(error)
        self.send({ type, rule: ruleOf(error) })
        // An answer that came while the request was out is the refusal's likely cause: the refused
        // state hears it now, as the refetch's answer would be the same and not sent again.
        if (latest !== null) self.send(latest)
        refetchAfterLockdown(client)
      }
    const provided = lockdownMachine.provide({
      actions: {
        start: ({ self }, { idempotencyKey, start }) => {
          setFailedWith(null)
          slot.start(() => startLockdown(start, idempotencyKey), {
            ok: (answer) => {
              self.send({ type: 'start.succeeded', lockdownId: answer.lockdown_id })
              refetchAfterLockdown(client)
            },
            fail: fail(self, 'start.failed'),
          })
        },
        requestRelease: ({ self }, { lockdownId, idempotencyKey, reason }) => {
          setFailedWith(null)
          slot.start(() => requestRelease(lockdownId, reason, idempotencyKey), {
            ok: () => {
              self.send({ type: 'request.succeeded' })
              refetchAfterLockdown(client)
            },
            fail: fail(self, 'request.failed'),
          })
        },
        approveRelease: ({ self }, { lockdownId, idempotencyKey }) => {
          setFailedWith(null)
          slot.start(() => approveRelease(lockdownId, idempotencyKey), {
            ok: () => {
              self.send({ type: 'approve.succeeded' })
              refetchAfterLockdown(client)
            },
            fail: fail(self, 'approve.failed'),
          })
        },
      },
    })
    return { machine: provided, slot, remember }
  })
  const actor = useActorRef(machine, {
    input: {
      userId: user?.user_id ?? 0,
      canStart: can(lockdownNeeds.start),
      canRelease: can(lockdownNeeds.release),
      lockdown: lockdown && {
        lockdownId: lockdown.lockdown_id,
        requestedBy:
          lockdown.state === 'release_requested'
            ? (lockdown.release?.requested_by.user_id ?? null)
            : null,
      },
    },
  })
  useEffect(() => () => slot.cancel(), [slot])
  // Another person's request, approval or the request's lapse arrives with the poll.
  const seen = lockdown === null ? null : seenOf(lockdown)
  const seenKey = seen && `${seen.state}:${seen.requestedBy}:${seen.approvedBy}`
  useEffect(() => {
    remember(seen)
    // A released lockdown's machine has finished: it hears nothing more.
    if (seen !== null && actor.getSnapshot().status === 'active') actor.send(seen)
    // seenKey stands for seen's content; a new object with the same content is the same answer.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [actor, remember, seenKey])
  const state = useSelector(actor, (snapshot) => snapshot.value)
  const context = useSelector(actor, (snapshot) => snapshot.context)
  const reason = failedWith === null ? null : failureText(LL, formFailure(failedWith))
  return {
    actor,
    state,
    reason,
    /** The lockdown this host started or shows. */
    lockdownId: context.lockdownId,
    approveOffered: approveOffered(context),
    canRelease: context.canRelease,
    /** Sends a confirmation with a fresh Idempotency-Key and what the dialog typed. */
    confirmStart: (start: StartLockdown) =>
      actor.send({ type: 'start.confirm', idempotencyKey: crypto.randomUUID(), start }),
    confirmRequest: (reason: string) =>
      actor.send({ type: 'request.confirm', idempotencyKey: crypto.randomUUID(), reason }),
    confirmApprove: () =>
      actor.send({ type: 'approve.confirm', idempotencyKey: crypto.randomUUID() }),
  }
}
