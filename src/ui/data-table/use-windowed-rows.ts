import { useCallback, useEffect, useState } from 'react'
import { useQueries, type UseQueryResult } from '@tanstack/react-query'
import type { ListQuery, ListResponse, ListSource } from '../../contract/list'
import type { ListView } from './list-view'
import {
  isContinuous,
  joinWindows,
  sameStarts,
  windowStartsFor,
  type IndexRange,
  type LoadedWindow,
} from './windows'

export const WINDOW_SIZE = 100
// Rows fetched beyond the viewport so a steady scroll finds the next window already loaded.
const OVERSCAN_ROWS = 30
// How long the visible window set must stay put after a jump before it is requested.
const SETTLE_MS = 60
const FIRST_WINDOW: readonly number[] = [0]

export interface WindowedRows<TRow> {
  /** recordsFiltered of the newest loaded window; null until the first window of this view arrives. */
  total: number | null
  data: TRow[]
  locate: (index: number) => number
  indexAt: (position: number) => number
  error: Error | null
  retry: () => void
  fetching: boolean
}

type Results<TRow> = UseQueryResult<ListResponse<TRow>, Error>[]

export function useWindowedRows<TRow, TSort extends string>(
  source: ListSource<TRow, TSort>,
  view: ListView<TSort>,
  visible: IndexRange | null,
  /** Filters the source applies beyond sort and search: a change starts over like a new search. */
  filterKey = '',
): WindowedRows<TRow> {
  const viewKey = `${view.orderBy} ${view.orderDirection} ${view.search} ${filterKey}`
  const [requested, setRequested] = useState({ viewKey, starts: FIRST_WINDOW })
  const [known, setKnown] = useState<{ viewKey: string; total: number | null }>({
    viewKey,
    total: null,
  })
  // A new sort or search starts over at the top (React's "adjust state while rendering" pattern).
  if (requested.viewKey !== viewKey) setRequested({ viewKey, starts: FIRST_WINDOW })
  if (known.viewKey !== viewKey) setKnown({ viewKey, total: null })

  const starts = requested.viewKey === viewKey ? requested.starts : FIRST_WINDOW
  const queries = starts.map((start) => {
    const query: ListQuery<TSort> = {
      start,
      length: WINDOW_SIZE,
      order_by: view.orderBy,
      order_direction: view.orderDirection,
      search: view.search,
    }
    return {
      queryKey: source.queryKey(query),
      // The signal lets Query abort a window nobody observes any more (scrolled past).
      queryFn: ({ signal }: { signal: AbortSignal }) => source.fetch(query, signal),
    }
  })

  const combine = useCallback(
    (results: Results<TRow>) => {
      const windows: LoadedWindow<TRow>[] = []
      let total: number | null = null
      let newest = -1
      results.forEach((result, i) => {
        if (!result.data) return
        windows.push({ start: starts[i] ?? 0, rows: result.data.data })
        if (result.dataUpdatedAt > newest) {
          newest = result.dataUpdatedAt
          total = result.data.recordsFiltered
        }
      })
      const failed = results.filter((result) => result.isError)
      return {
        ...joinWindows(windows),
        loadedTotal: total,
        error: failed[0]?.error ?? null,
        retry: () => failed.forEach((result) => void result.refetch()),
        fetching: results.some((result) => result.isFetching),
      }
    },
    [starts],
  )
  const combined = useQueries({ queries, combine })

  if (combined.loadedTotal !== null && combined.loadedTotal !== known.total) {
    setKnown({ viewKey, total: combined.loadedTotal })
  }
  // Windows scrolled away are dropped (SPEC 4: keep time 0), so the total is remembered per view.
  const total = combined.loadedTotal ?? (known.viewKey === viewKey ? known.total : null)

  const wanted =
    total === null || visible === null
      ? []
      : windowStartsFor(visible, total, WINDOW_SIZE, OVERSCAN_ROWS)
  const moved = wanted.length > 0 && !sameStarts(wanted, starts)
  if (moved && isContinuous(starts, wanted, WINDOW_SIZE)) setRequested({ viewKey, starts: wanted })
  // A jump is requested once the view has stayed on it for SETTLE_MS (the timer restarts on change).
  const jump = moved ? wanted.join(',') : null
  useEffect(() => {
    if (jump === null) return
    const timer = window.setTimeout(
      () => setRequested({ viewKey, starts: jump.split(',').map(Number) }),
      SETTLE_MS,
    )
    return () => window.clearTimeout(timer)
  }, [jump, viewKey])

  return {
    total,
    data: combined.data,
    locate: combined.locate,
    indexAt: combined.indexAt,
    error: combined.error,
    retry: combined.retry,
    fetching: combined.fetching,
  }
}
