// The server's one "now" (decision 065). Every decision that depends on the time (access, throttles,
// jobs) reads it here and passes the moment to SQL as a parameter instead of calling now(). Tests
// and a demo started with CLOCK=settable move it; time goes on flowing from the moment set, so a
// lock's delay or a throttle's window still passes.

export interface Clock {
  now(): Date
}

export interface SettableClock extends Clock {
  /** From now on, `now()` reads `at` plus the time that passes; null goes back to the real time. */
  set(at: Date | null): void
  /** Whether the clock was moved away from the real time. */
  readonly moved: boolean
}

export const systemClock: Clock = { now: () => new Date() }

export function settableClock(real: () => number = Date.now): SettableClock {
  let offset = 0
  return {
    now: () => new Date(real() + offset),
    set(at) {
      offset = at === null ? 0 : at.getTime() - real()
    },
    get moved() {
      return offset !== 0
    },
  }
}
