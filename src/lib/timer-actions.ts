export type TimerSlot = {
  /** Cancels the running timer, if any, and starts one that calls `expired` after `ms`. */
  start: (ms: number, expired: () => void) => void
  cancel: () => void
}

/**
 * The timer a machine's host provides as `startTimer`/`cancelTimer` actions, answered by an event
 * such as `timer.expired`. Keeping time outside the machine (no `after`) lets generated paths walk
 * "no answer in time" as one more event.
 */
export function createTimerSlot(): TimerSlot {
  let running: ReturnType<typeof setTimeout> | null = null
  const cancel = () => {
    if (running !== null) clearTimeout(running)
    running = null
  }
  return {
    start(ms, expired) {
      cancel()
      running = setTimeout(() => {
        running = null
        expired()
      }, ms)
    },
    cancel,
  }
}
