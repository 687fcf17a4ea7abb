import { useCallback, useMemo } from 'react'
import { useLocation, useSearch } from 'wouter'
import {
  formatListView,
  parseListView,
  type ListView,
  type ListViewDefaults,
} from '../../contract/list-view'

/** The list's sort and search, read from and written to the URL (a new history entry per change). */
export function useUrlListView<TSort extends string>(
  defaults: ListViewDefaults<TSort>,
): [ListView<TSort>, (view: ListView<TSort>) => void] {
  const search = useSearch()
  const [location, navigate] = useLocation()
  const view = useMemo(() => parseListView(search, defaults), [search, defaults])
  const setView = useCallback(
    (next: ListView<TSort>) => navigate(`${location}${formatListView(search, next, defaults)}`),
    [navigate, location, search, defaults],
  )
  return [view, setView]
}
