import { useCallback, useEffect, useRef, useState } from 'react'
import type { RowAction } from './keyboard'
import type { WindowedRows } from './use-windowed-rows'

// The first row of whatever view the list shows next (a search sent as the user left the box).
const NEXT_VIEW = '\u0000next'

interface Active {
  viewKey: string
  index: number
  /** The row's id once it is loaded: the active row is that row, wherever a refetch puts it. */
  id: string | null
  /** Named by the URL (`?row=`) and not found yet in the loaded rows. */
  seeking: boolean
}

interface ActiveRowOptions<TRow> {
  viewKey: string
  rows: WindowedRows<TRow>
  getRowId: (row: TRow) => string
  rowActions: Partial<Record<RowAction, (row: TRow) => void>> | undefined
  /** The row the list should land on when it opens (the one just saved). */
  initialRowId: string | null
}

/**
 * The list's active row, kept by identity: a refetch that moves the row (a new row above it)
 * moves the highlight with it. Row keys act only on a row the user can see: a key pressed while
 * the view's rows are still on their way waits for them and then acts on the row now shown, or
 * is dropped if the view changes again first.
 */
export function useActiveRow<TRow>(options: ActiveRowOptions<TRow>) {
  const { viewKey, rows, getRowId, rowActions, initialRowId } = options
  const [active, setActive] = useState<Active | null>(() =>
    initialRowId === null ? null : { viewKey, index: 0, id: initialRowId, seeking: true },
  )
  if (active?.viewKey === NEXT_VIEW) setActive({ ...active, viewKey })
  // Another sort (or a search that still holds the row) keeps the row the user was on.
  else if (active !== null && active.viewKey !== viewKey && active.id !== null)
    setActive({ viewKey, index: 0, id: active.id, seeking: true })
  const current = active?.viewKey === viewKey ? active : null
  const idAt = (index: number) => {
    const position = rows.locate(index)
    const row = position < 0 ? undefined : rows.data[position]
    return row === undefined ? null : getRowId(row)
  }

  // Adjusting state while rendering (React's pattern for derived state): each branch converges.
  if (current !== null) {
    const loadedId = idAt(current.index)
    if (current.id === null) {
      if (loadedId !== null) setActive({ ...current, id: loadedId })
    } else if (loadedId !== current.id) {
      const position = rows.data.findIndex((row) => getRowId(row) === current.id)
      const index = position < 0 ? -1 : rows.indexAt(position)
      if (index >= 0) setActive({ ...current, index, seeking: false })
      else if (current.seeking && rows.total !== null && !rows.fetching)
        setActive({ ...current, id: loadedId, seeking: false })
    } else if (current.seeking) setActive({ ...current, seeking: false })
  }

  const activate = useCallback(
    (index: number) => setActive({ viewKey, index, id: null, seeking: false }),
    [viewKey],
  )

  const activateFirst = useCallback(
    () => setActive({ viewKey: NEXT_VIEW, index: 0, id: null, seeking: false }),
    [],
  )

  const actions = useRef(rowActions)
  useEffect(() => {
    actions.current = rowActions
  })
  const openRow = useCallback((row: TRow) => actions.current?.open?.(row), [])

  const pending = useRef<{ viewKey: string; action: RowAction } | null>(null)
  const shown = (index: number) => {
    if (rows.total === null) return undefined
    const position = rows.locate(index)
    return position < 0 ? undefined : rows.data[position]
  }
  const act = (action: RowAction) => {
    if (current === null) return
    const row = shown(current.index)
    if (row === undefined) pending.current = { viewKey, action }
    else rowActions?.[action]?.(row)
  }
  useEffect(() => {
    const job = pending.current
    if (job === null) return
    if (job.viewKey !== viewKey || rows.total === 0) {
      pending.current = null
      return
    }
    const row = current === null ? undefined : shown(current.index)
    if (row === undefined) return
    pending.current = null
    actions.current?.[job.action]?.(row)
  })

  const index = current !== null && (rows.total === null || current.index < rows.total)
  return {
    index: index && current !== null ? current.index : null,
    id: current?.id ?? null,
    /** Changes when the row was found again somewhere else, so the table can scroll to it. */
    placedAt: current !== null && !current.seeking && current.id !== null ? current.index : null,
    activate,
    activateFirst,
    openRow,
    act,
  }
}
