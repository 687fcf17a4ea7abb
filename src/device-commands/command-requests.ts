import type { DeviceCommandName } from '../../machines/device-command.machine'
import type { BulkCommandName } from './command-links'

// A command asked for from outside the screen that runs it (the palette, a deep link): the screen
// takes it when it shows that device or location, and opens the same confirmation its own button
// opens. One request at a time per channel; a newer one replaces it.

/** A request no screen took (the page did not load, the user went on) must not surface later. */
export const REQUEST_TTL_MS = 10_000

export function requestChannel<TCommand>() {
  let pending: { id: number; command: TCommand; at: number } | null = null
  const listeners = new Set<() => void>()
  return {
    /** Asks the screen of `id` to open the confirmation of `command`. */
    request(id: number, command: TCommand) {
      pending = { id, command, at: Date.now() }
      for (const listener of listeners) listener()
    },
    /** The command asked for `id`, taken once; a request for another id stays for its screen. */
    take(id: number): TCommand | null {
      if (pending !== null && Date.now() - pending.at > REQUEST_TTL_MS) pending = null
      if (pending === null || pending.id !== id) return null
      const { command } = pending
      pending = null
      return command
    },
    /** Calls `listener` when a request arrives while a screen is already showing. */
    listen(listener: () => void) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}

export type RequestChannel<TCommand> = ReturnType<typeof requestChannel<TCommand>>

/** One device's command, taken by that device's view. */
export const deviceRequests: RequestChannel<DeviceCommandName> = requestChannel()

/** "Lock/unlock everything here", taken by that location's view or drawer. */
export const bulkRequests: RequestChannel<BulkCommandName> = requestChannel()
