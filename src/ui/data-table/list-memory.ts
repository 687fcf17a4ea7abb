import { listParams } from '../../contract/pages'

// Where the user was in each list (its sort and search as URL parameters, and the active row), so
// leaving for a form and coming back — by Save, Cancel, Escape or `u` — lands on the same view and
// the same row instead of the top of an unfiltered list.

interface Place {
  search: string
  rowId: string | null
}

const places = new Map<string, Place>()

export function rememberListPlace(path: string, search: string, rowId: string | null) {
  const params = new URLSearchParams(search)
  params.delete(listParams.row)
  places.set(path, { search: params.toString(), rowId })
}

/** The list at `path` as the user left it; `rowId` names the row to land on (the one just saved). */
export function listPlacePath(path: string, rowId?: string | number): string {
  const place = places.get(path)
  const params = new URLSearchParams(place?.search ?? '')
  const row = rowId === undefined ? place?.rowId : String(rowId)
  if (row !== undefined && row !== null) params.set(listParams.row, row)
  const text = params.toString()
  return text === '' ? path : `${path}?${text}`
}

/** The row a list URL asks to land on (`?row=`), if any. */
export function rowIdOf(search: string): string | null {
  return new URLSearchParams(search).get(listParams.row)
}
