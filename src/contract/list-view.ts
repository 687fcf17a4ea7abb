import { listParams } from './pages'
import type { OrderDirection } from './list'

// The view a list shows (sort and search) lives in the URL so back/forward, reload and a shared link
// restore it. Defaults are left out of the URL so a plain /audits link stays plain.

export interface ListView<TSort extends string = string> {
  orderBy: TSort
  orderDirection: OrderDirection
  search: string
}

export interface ListViewDefaults<TSort extends string> {
  orderBy: TSort
  orderDirection: OrderDirection
  sortable: readonly TSort[]
}

const keys = listParams

export function parseListView<TSort extends string>(
  search: string,
  defaults: ListViewDefaults<TSort>,
): ListView<TSort> {
  const params = new URLSearchParams(search)
  const sort = params.get(keys.sort)
  const direction = params.get(keys.direction)
  const orderBy = defaults.sortable.find((column) => column === sort) ?? defaults.orderBy
  const orderDirection =
    direction === 'asc' || direction === 'desc'
      ? direction
      : orderBy === defaults.orderBy
        ? defaults.orderDirection
        : 'asc'
  return { orderBy, orderDirection, search: params.get(keys.search) ?? '' }
}

/** The query string for `view`, keeping unrelated parameters of `search` as they were. */
export function formatListView<TSort extends string>(
  search: string,
  view: ListView<TSort>,
  defaults: ListViewDefaults<TSort>,
): string {
  const params = new URLSearchParams(search)
  const isDefaultSort =
    view.orderBy === defaults.orderBy && view.orderDirection === defaults.orderDirection
  if (isDefaultSort) {
    params.delete(keys.sort)
    params.delete(keys.direction)
  } else {
    params.set(keys.sort, view.orderBy)
    params.set(keys.direction, view.orderDirection)
  }
  const term = view.search.trim()
  if (term === '') params.delete(keys.search)
  else params.set(keys.search, term)
  const text = params.toString()
  return text === '' ? '' : `?${text}`
}
