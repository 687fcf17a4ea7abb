import type { ListQuery, ListResponse, ListSource } from '../../contract/list'

// A started request older than this is not handed out: the table asked too late for it to be fresh.
const MAX_AGE_MS = 5_000

interface Started<TRow> {
  at: number
  /** This window no longer wants the request: it is aborted once no window of it does. */
  release: () => void
  response: Promise<ListResponse<TRow>>
}

export interface EarlyWindows<TRow, TSort extends string> {
  /**
   * Sends the requests for `queries` now, windows of one view, skipping those already waiting:
   * one request per run of adjacent windows, its answer split into the windows.
   */
  start: (queries: readonly ListQuery<TSort>[]) => void
  /** The window's query function: the started request for `query` if there is one, else a new one. */
  fetch: (query: ListQuery<TSort>, signal: AbortSignal) => Promise<ListResponse<TRow>>
  /** Aborts whatever nobody took. */
  clear: () => void
}

/**
 * Runs of adjacent windows (each starting where the one before ends), in the order of the first
 * window of each run in `queries`: the caller puts the window most on screen first.
 */
export function adjacentRuns<TSort extends string>(
  queries: readonly ListQuery<TSort>[],
): ListQuery<TSort>[][] {
  const sorted = [...queries].sort((a, b) => a.start - b.start)
  const runs: ListQuery<TSort>[][] = []
  for (const query of sorted) {
    const run = runs.at(-1)
    const last = run?.at(-1)
    if (run && last && last.start + last.length === query.start) run.push(query)
    else runs.push([query])
  }
  const rank = (run: ListQuery<TSort>[]) => Math.min(...run.map((q) => queries.indexOf(q)))
  return runs.sort((a, b) => rank(a) - rank(b))
}

/**
 * Window requests started from the scroll handler, before React has rendered where a jump landed:
 * the window's query then takes the started request instead of sending its own
 * (use-windowed-rows.ts). The windows a jump lands on travel as one request: the server answers
 * one query instead of one per window, the page reads and checks one answer, and the table renders
 * once. A request nobody takes within MAX_AGE_MS is aborted.
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
      entry.release()
      started.delete(key)
    }
  }
  const startRun = (run: readonly ListQuery<TSort>[]) => {
    const [first] = run
    if (first === undefined) return
    const controller = new AbortController()
    const length = run.reduce((sum, query) => sum + query.length, 0)
    const whole = source.fetch({ ...first, length }, controller.signal)
    let wanted = run.length
    const release = () => {
      wanted -= 1
      if (wanted === 0) controller.abort()
    }
    let offset = 0
    for (const query of run) {
      const from = offset
      offset += query.length
      const response = whole.then((page) => ({
        ...page,
        data: page.data.slice(from, from + query.length),
      }))
      // A failure surfaces when the query takes the request; nobody taking it is not an error.
      response.catch(() => undefined)
      started.set(keyOf(query), { at: now(), release, response })
    }
  }
  return {
    start: (queries) => {
      dropStale()
      const waiting = queries.filter((query) => !started.has(keyOf(query)))
      for (const run of adjacentRuns(waiting)) startRun(run)
    },
    fetch: (query, signal) => {
      dropStale()
      const key = keyOf(query)
      const entry = started.get(key)
      started.delete(key)
      if (!entry) return source.fetch(query, signal)
      // The query abandoning its window (scrolled past) lets go of the request it took over.
      signal.addEventListener('abort', entry.release, { once: true })
      return entry.response
    },
    clear: () => {
      for (const entry of started.values()) entry.release()
      started.clear()
    },
  }
}
