import type { QueryClient } from '@tanstack/react-query'
import type { TranslationFunctions } from '../../i18n/i18n-types'
import { actionMachine } from '../../machines/action.machine'
import type { Action, CommandContext, Confirmation } from '../commands/command'
import { createRequestSlot } from '../lib/request-actions'
import { createTimerSlot } from '../lib/timer-actions'
import { showToast } from '../ui/notice'
import { failureOf } from './command-errors'
import { markWaiting } from './send-command'

/** An action asked for one entity, untyped once taken: the host only hands the entity back to it. */
export interface Asked {
  readonly action: Action<unknown>
  readonly entity: unknown
  /** What it asks before it runs: its own, or its link's when a URL asked for it. */
  readonly confirm: Confirmation<unknown> | undefined
}

/** What a run works with, as of the host's newest render (the language, the session's perform). */
export interface Surroundings {
  readonly LL: TranslationFunctions
  readonly queryClient: QueryClient
  readonly navigate: (path: string) => void
  perform: CommandContext['perform']
}

/**
 * The action machine with its I/O provided: a run through a request slot (a late answer after the
 * host let it go is dropped), the answer timer, which tells the receipt when the answer is late.
 * Outside the component so the machine's actions read the asked action and the newest
 * surroundings as they are when they run, not as they were at the first render.
 */
export function createHost(onFailed: (error: unknown) => void) {
  const request = createRequestSlot()
  const timer = createTimerSlot()
  let asked: Asked | null = null
  let around: Surroundings | null = null
  let runningKey: string | null = null
  const machine = actionMachine.provide({
    actions: {
      run: ({ self }, { idempotencyKey }) => {
        const current = asked
        const now = around
        if (current === null || now === null) return
        onFailed(null)
        runningKey = idempotencyKey
        const context: CommandContext = {
          navigate: (path) => now.navigate(path),
          perform: (action, entity, origin) => now.perform(action, entity, origin),
        }
        const ran = current.action.run(context, current.entity, {
          idempotencyKey,
          queryClient: now.queryClient,
        })
        request.start(() => Promise.resolve(ran), {
          ok: (outcome) => {
            self.send({ type: 'action.succeeded', auditId: outcome ? outcome.auditId : null })
            const words = current.action.succeeded?.(around?.LL ?? now.LL, current.entity)
            if (words !== undefined) showToast(words)
          },
          fail: (error) => {
            onFailed(error)
            self.send({ type: 'action.failed', reason: failureOf(error, current.action) })
          },
        })
      },
      startTimer: ({ self }, { ms }) =>
        timer.start(ms, () => {
          if (runningKey !== null) markWaiting(runningKey)
          self.send({ type: 'timer.expired' })
        }),
      cancelTimer: () => timer.cancel(),
      letGo: () => request.cancel(),
    },
  })
  return {
    machine,
    /** The action the next request names; the machine's run takes it. */
    ask(next: Asked) {
      asked = next
    },
    surround(next: Surroundings) {
      around = next
    },
    stop() {
      request.cancel()
      timer.cancel()
    },
  }
}
