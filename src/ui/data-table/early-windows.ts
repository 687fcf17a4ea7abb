import type { ListQuery, ListResponse, ListSource } from '../../contract/list'

// A started request older than this is not handed out: the table asked too late for it to be fresh.
const MAX_AGE_MS = 5_000

interface Started<TRow> {
  at: number
  controller: AbortController
  response: Promise<ListResponse<TRow>>
}

export interface EarlyWindows<TRow, TSort extends string> {
  /** Sends the request for `query` now, unless one is already waiting. */
  start: (query: ListQuery<TSort>) => void
  /** The window's query function: the started request for `query` if there is one, else a new one. */
  fetch: (query: ListQuery<TSort>, signal: AbortSignal) => Promise<ListResponse<TRow>>
  /** Aborts whatever nobody took. */
  clear: () => void
}

/**
 * Window requests started from the scroll handler, before React has rendered where a jump landed:
 * the window's query then takes the started request instead of sending its own
 * (use-windowed-rows.ts). A request nobody takes within MAX_AGE_MS is aborted.
 */
export function earlyWindows<TRow, TSort extends string>(
  source: ListSource<TRow, TSort>,
  now: () => number = () => performance.now(),
): EarlyWindows<TRow, TSort> {
  const started = new Map<string, Started<TRow>>()
  const keyOf = (query: ListQuery<TSort>) => JSON.stringify(source.queryKey(query))
  const dropStale = () => {
    for (const [key, entry] of started) {
      if (now() - entry.at <= MAX_AGE_MS) continue
      entry.controller.abort()
      started.delete(key)
    }
  }
  return {
    start: (query) => {
      dropStale()
      const key = keyOf(query)
      if (started.has(key)) return
      const controller = new AbortController()
      const response = source.fetch(query, controller.signal)
      // A failure surfaces when the query takes the request; nobody taking it is not an error.
      response.catch(() => undefined)
      started.set(key, { at: now(), controller, response })
    },
    fetch: (query, signal) => {
      dropStale()
      const key = keyOf(query)
      const entry = started.get(key)
      started.delete(key)
      if (!entry) return source.fetch(query, signal)
      // The query abandoning its window (scrolled past) aborts the request it took over.
      signal.addEventListener('abort', () => entry.controller.abort(), { once: true })
      return entry.response
    },
    clear: () => {
      for (const entry of started.values()) entry.controller.abort()
      started.clear()
    },
  }
}
