import { useCallback, useEffect, useRef, useState } from 'react'
import {
  emptySelection,
  extendTo,
  selectRange,
  toggleRow,
  type RowAt,
  type Selection,
} from './selection'

interface Held<TRow> {
  search: string
  selection: Selection<TRow>
}

/**
 * The DataTable's selected rows. A selection survives scrolling and re-sorting (rows are held by
 * id) but not a new search, whose rows are another set. The callbacks are stable, so memoised
 * rows do not re-render when the selection changes elsewhere.
 */
export function useSelection<TRow>(search: string, rowAt: RowAt<TRow>) {
  const [held, setHeld] = useState<Held<TRow>>(() => ({ search, selection: emptySelection() }))
  if (held.search !== search) setHeld({ search, selection: emptySelection() })
  const selection = held.search === search ? held.selection : emptySelection<TRow>()

  const latest = useRef({ search, rowAt })
  useEffect(() => {
    latest.current = { search, rowAt }
  })
  const update = useCallback(
    (change: (selection: Selection<TRow>, at: RowAt<TRow>) => Selection<TRow>) => {
      const { search: current, rowAt: at } = latest.current
      setHeld((prev) => ({
        search: current,
        selection: change(prev.search === current ? prev.selection : emptySelection(), at),
      }))
    },
    [],
  )

  const select = useCallback(
    (index: number, range: boolean) =>
      update((s, at) => (range ? selectRange(s, index, at) : toggleRow(s, index, at))),
    [update],
  )
  const extend = useCallback(
    (from: number | null, to: number) => update((s, at) => extendTo(s, from, to, at)),
    [update],
  )
  const clear = useCallback(() => update(() => emptySelection()), [update])
  return { selection, select, extend, clear }
}
