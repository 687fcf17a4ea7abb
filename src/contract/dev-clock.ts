import { boolean, nullable, object, type Infer } from './struct'
import { IsoDateTime } from './fields'

// The server's test clock (decision 065): with CLOCK=settable, a caller on the server's own machine
// reads and moves the one "now" every decision about time reads. Elsewhere the path is not found.

export const DEV_CLOCK_PATH = '/dev/clock'

/** POST /dev/clock: from now on the clock reads `at` plus the time that passes; null: real time. */
export const ClockInput = object({ at: nullable(IsoDateTime) })
export type ClockInput = Infer<typeof ClockInput>

/** The server's now, and whether it was moved away from the real time. */
export const ClockState = object({ at: IsoDateTime, moved: boolean() })
export type ClockState = Infer<typeof ClockState>
