// Row selection of a DataTable, kept pure so every key and click is unit-tested. Rows are held by
// id with their loaded value, so a selection survives scrolling them out of the windowed rows.

export interface Selection<TRow> {
  /** Selected rows by id, in the order they were selected. */
  readonly rows: ReadonlyMap<string, TRow>
  /** Where the last toggle happened: the far end of a range is counted from here. */
  readonly anchor: number | null
}

/** A loaded row at an absolute index, or undefined while its window is on its way. */
export type RowAt<TRow> = (index: number) => { id: string; row: TRow } | undefined

export function emptySelection<TRow>(): Selection<TRow> {
  return { rows: new Map(), anchor: null }
}

/** x or a click on the checkbox: the row in or out, and the anchor for a later range. */
export function toggleRow<TRow>(
  selection: Selection<TRow>,
  index: number,
  rowAt: RowAt<TRow>,
): Selection<TRow> {
  const found = rowAt(index)
  if (!found) return selection
  const rows = new Map(selection.rows)
  if (rows.has(found.id)) rows.delete(found.id)
  else rows.set(found.id, found.row)
  return { rows, anchor: index }
}

/**
 * Shift+x or a shift-click: every loaded row from the anchor to `index` is selected (a row not
 * loaded is one the user has not seen, so it is left out). Without an anchor it toggles.
 */
export function selectRange<TRow>(
  selection: Selection<TRow>,
  index: number,
  rowAt: RowAt<TRow>,
): Selection<TRow> {
  if (selection.anchor === null) return toggleRow(selection, index, rowAt)
  const rows = new Map(selection.rows)
  const [from, to] =
    selection.anchor <= index ? [selection.anchor, index] : [index, selection.anchor]
  for (let at = from; at <= to; at += 1) {
    const found = rowAt(at)
    if (found) rows.set(found.id, found.row)
  }
  return { rows, anchor: selection.anchor }
}

/** Shift+j / Shift+k: the row the user leaves and the row they land on are both selected. */
export function extendTo<TRow>(
  selection: Selection<TRow>,
  from: number | null,
  to: number,
  rowAt: RowAt<TRow>,
): Selection<TRow> {
  const rows = new Map(selection.rows)
  for (const at of from === null ? [to] : [from, to]) {
    const found = rowAt(at)
    if (found) rows.set(found.id, found.row)
  }
  return { rows, anchor: selection.anchor ?? from ?? to }
}
