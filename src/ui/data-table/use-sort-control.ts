import { useMemo } from 'react'
import type { SortingState, Updater } from '@tanstack/react-table'
import type { ListView, ListViewDefaults } from '../../contract/list-view'

/**
 * The list's one sort, kept in its URL view: TanStack's sorting state for the header buttons, and
 * the s / S keys (next sortable column; reverse the direction).
 */
export function useSortControl<TSort extends string>(
  view: ListView<TSort>,
  setView: (view: ListView<TSort>) => void,
  defaults: ListViewDefaults<TSort>,
) {
  const sorting: SortingState = useMemo(
    () => [{ id: view.orderBy, desc: view.orderDirection === 'desc' }],
    [view.orderBy, view.orderDirection],
  )
  const onSortingChange = (updater: Updater<SortingState>) => {
    const next = typeof updater === 'function' ? updater(sorting) : updater
    const sort = next[0]
    const orderBy = defaults.sortable.find((column) => column === sort?.id)
    if (!sort || !orderBy) return
    setView({ ...view, orderBy, orderDirection: sort.desc ? 'desc' : 'asc' })
  }
  const cycleSort = (reverse: boolean) => {
    if (reverse) {
      setView({ ...view, orderDirection: view.orderDirection === 'asc' ? 'desc' : 'asc' })
      return
    }
    const at = defaults.sortable.indexOf(view.orderBy)
    const orderBy = defaults.sortable[(at + 1) % defaults.sortable.length] ?? defaults.orderBy
    setView({
      ...view,
      orderBy,
      orderDirection: orderBy === defaults.orderBy ? defaults.orderDirection : 'asc',
    })
  }
  return { sorting, onSortingChange, cycleSort }
}
