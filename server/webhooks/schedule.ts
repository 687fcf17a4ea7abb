// The retry schedule (decision 081): the first attempt at once, then these waits after each
// failure, each stretched or shrunk by up to JITTER so that endpoints failing together do not come
// back together. After the last, the message has failed; "Send again" starts it over.
const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
export const RETRY_DELAYS_MS = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
] as const
export const JITTER = 0.1

/**
 * When the message is tried again after its `failures`th failed attempt (1 after the first), or
 * null when the schedule is spent. `random` is in [0, 1); `delays` is the schedule (the e-mail
 * job's differs, decision 084).
 */
export function nextAttemptAt(
  now: Date,
  failures: number,
  random = Math.random(),
  delays: readonly number[] = RETRY_DELAYS_MS,
): Date | null {
  const delay = delays[failures - 1]
  if (delay === undefined) return null
  return new Date(now.getTime() + Math.round(delay * (1 + JITTER * (2 * random - 1))))
}
