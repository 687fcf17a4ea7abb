import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { useQueries, type UseQueryResult } from '@tanstack/react-query'
import type { ListQuery, ListResponse, ListSource } from '../../contract/list'
import { earlyWindows } from './early-windows'
import type { ListView } from '../../contract/list-view'
import {
  byVisibleShare,
  isContinuous,
  countMemory,
  windowJoiner,
  sameStarts,
  windowStartsFor,
  type IndexRange,
  type LoadedWindow,
} from './windows'

export const WINDOW_SIZE = 100
// Rows fetched beyond the viewport so a steady scroll finds the next window already loaded.
const OVERSCAN_ROWS = 30
// Jumps closer together than this are one drag: its windows are requested once it settles.
const SETTLE_MS = 60
const FIRST_WINDOW: readonly number[] = [0]

export interface WindowedRows<TRow> {
  /** recordsFiltered of the newest loaded window; null until the first window of this view arrives. */
  total: number | null
  /** The server stopped counting: there are more than `total` matches (ListResponse). */
  capped: boolean
  data: TRow[]
  locate: (index: number) => number
  indexAt: (position: number) => number
  error: Error | null
  retry: () => void
  fetching: boolean
  /** The rows on screen, from the scroll handler (the table's virtualizer). */
  onRange: (range: IndexRange | null) => void
}

type Results<TRow> = UseQueryResult<ListResponse<TRow>, Error>[]

// How long a window taken from a boot's early request counts as fresh (it was sent at boot).
const PEEKED_FRESH_MS = 5_000
const fetchedOrFresh = (query: { state: { dataUpdateCount: number } }) =>
  query.state.dataUpdateCount === 0 ? PEEKED_FRESH_MS : 0

// When a window in hand was first handed to a cache entry. The entry built while the table renders
// has no observer until the table subscribes after its commit, and the cache drops an unobserved
// entry at once (gcTime 0, requirements R4.5): the subscription then builds it again from the same
// answer. Dated by its first peek, the rebuilt entry answers exactly as the rendered one did, so
// the table is not rendered a second time before its first rows are painted.
const peekedAt = new WeakMap<object, number>()
function firstPeekTime(page: object): number {
  const at = peekedAt.get(page) ?? Date.now()
  peekedAt.set(page, at)
  return at
}

/** The query of the window starting at `start`: what the table asks the source for. */
export const windowQuery = <TSort extends string>(view: ListView<TSort>, start: number) =>
  ({
    start,
    length: WINDOW_SIZE,
    order_by: view.orderBy,
    order_direction: view.orderDirection,
    search: view.search,
  }) satisfies ListQuery<TSort>

export function useWindowedRows<TRow, TSort extends string>(
  source: ListSource<TRow, TSort>,
  view: ListView<TSort>,
  visible: IndexRange | null,
  /** Filters the source applies beyond sort and search: a change starts over like a new search. */
  filterKey = '',
): WindowedRows<TRow> {
  const viewKey = `${view.orderBy} ${view.orderDirection} ${view.search} ${filterKey}`
  const [requested, setRequested] = useState({ viewKey, starts: FIRST_WINDOW })
  const [rememberCount] = useState(countMemory)
  // A new sort or search starts over at the top (React's "adjust state while rendering" pattern).
  if (requested.viewKey !== viewKey) setRequested({ viewKey, starts: FIRST_WINDOW })

  // One set of started requests per source: a screen's new filters make a new source.
  const early = useMemo(() => earlyWindows(source), [source])
  useEffect(() => early.clear, [early])
  const starts = requested.viewKey === viewKey ? requested.starts : FIRST_WINDOW
  const queries = starts.map((start) => {
    const query = windowQuery(view, start)
    return {
      queryKey: source.queryKey(query),
      // The signal lets Query abort a window nobody observes any more (scrolled past).
      queryFn: ({ signal }: { signal: AbortSignal }) => early.fetch(query, signal),
      // A window already in hand (a boot's early request) renders with the table's first render.
      initialData: source.peek ? () => source.peek?.(query) : undefined,
      initialDataUpdatedAt: source.peek
        ? () => {
            const page = source.peek?.(query)
            return page === undefined ? undefined : firstPeekTime(page)
          }
        : undefined,
      // That answer has only just arrived: it is not fetched again as the table mounts.
      staleTime: fetchedOrFresh,
    }
  })

  const [join] = useState(() => windowJoiner<TRow>())
  const combine = useCallback(
    (results: Results<TRow>) => {
      const windows: LoadedWindow<TRow>[] = []
      let total: number | null = null
      let capped = false
      let newest = -1
      results.forEach((result, i) => {
        if (!result.data) return
        windows.push({ start: starts[i] ?? 0, rows: result.data.data })
        if (result.dataUpdatedAt > newest) {
          newest = result.dataUpdatedAt
          total = result.data.recordsFiltered
          capped = result.data.recordsFilteredCapped === true
        }
      })
      const failed = results.filter((result) => result.isError)
      return {
        rows: join(windows),
        loadedTotal: total,
        loadedCapped: capped,
        error: failed[0]?.error ?? null,
        retry: () => failed.forEach((result) => void result.refetch()),
        fetching: results.some((result) => result.isFetching),
      }
    },
    [starts, join],
  )
  const combined = useQueries({ queries, combine })

  // Windows scrolled away are dropped (keep time 0, requirements R4.5), so the total is remembered
  // per view.
  const count = rememberCount(viewKey, combined.loadedTotal, combined.loadedCapped)
  const total = count.total

  const wanted =
    total === null || visible === null
      ? []
      : windowStartsFor(visible, total, WINDOW_SIZE, OVERSCAN_ROWS)
  const moved = wanted.length > 0 && !sameStarts(wanted, starts)
  if (moved && isContinuous(starts, wanted, WINDOW_SIZE)) setRequested({ viewKey, starts: wanted })
  // A jump that follows another within SETTLE_MS is part of a drag: it is requested once the view
  // has stayed put that long (the timer restarts on change), so a drag across a million rows does
  // not fire a request for every window it passes. A jump after a still moment went out at once,
  // from onRange below.
  const jump = moved ? wanted.join(',') : null
  useEffect(() => {
    if (jump === null) return
    const timer = window.setTimeout(
      () => setRequested({ viewKey, starts: jump.split(',').map(Number) }),
      SETTLE_MS,
    )
    return () => window.clearTimeout(timer)
  }, [jump, viewKey])

  // Called from the scroll handler with the rows on screen: a jump after a still moment (a click on
  // the scrollbar, End, a row named in the URL) sends its windows' requests right there, before
  // React renders where it landed; the windows' queries take them over (early-windows.ts).
  const place = useRef({ view, viewKey, total, starts })
  useLayoutEffect(() => {
    place.current = { view, viewKey, total, starts }
  })
  const lastMove = useRef({ at: Number.NEGATIVE_INFINITY, first: -1 })
  const onRange = useCallback(
    (range: IndexRange | null) => {
      const now = performance.now()
      const last = lastMove.current
      const still = now - last.at >= SETTLE_MS
      // Only a move counts: the table's first range (on mount, a resize) is not one, so a jump
      // right after the rows appear goes out at once instead of waiting as if it were a drag.
      const first = range?.first ?? -1
      if (first !== last.first) lastMove.current = { at: last.first === -1 ? last.at : now, first }
      const current = place.current
      if (!still || range === null || current.total === null) return
      const next = windowStartsFor(range, current.total, WINDOW_SIZE, OVERSCAN_ROWS)
      if (next.length === 0 || sameStarts(next, current.starts)) return
      early.start(
        byVisibleShare(next, range, WINDOW_SIZE)
          .filter((start) => !current.starts.includes(start))
          .map((start) => windowQuery(current.view, start)),
      )
      setRequested({ viewKey: current.viewKey, starts: next })
    },
    [early],
  )

  return {
    total,
    capped: count.capped,
    data: combined.rows.data,
    locate: combined.rows.locate,
    indexAt: combined.rows.indexAt,
    error: combined.error,
    retry: combined.retry,
    fetching: combined.fetching,
    onRange,
  }
}
