import type { IndexRange } from './windows'

// Fixed-height rows placed by arithmetic. TanStack Virtual keeps a measurement (start, size, key)
// for every item it is given and rebuilds them whenever the count changes: at a million rows that
// was ≈30 ms and 24 MB on the main thread each time a list's total arrived. It is given blocks of
// BLOCK_ROWS rows instead, and the rows inside the blocks on screen come from here.

export const BLOCK_ROWS = 1000

export interface RowGeometry {
  count: number
  rowHeight: number
  /** Space before the first row inside the scrolled content (the sticky header). */
  headerHeight: number
}

/** Rows of block `block` (the last block holds the remainder). */
export const rowsInBlock = (block: number, count: number) =>
  Math.max(0, Math.min(BLOCK_ROWS, count - block * BLOCK_ROWS))

export const blockCount = (count: number) => Math.ceil(count / BLOCK_ROWS)

/**
 * The rows that intersect the viewport `[offset, offset + height)` of the list's own ("virtual")
 * content, or null when there are none to show: row i spans
 * `[headerHeight + i·rowHeight, headerHeight + (i+1)·rowHeight)`.
 */
export function visibleRows(
  offset: number,
  height: number,
  { count, rowHeight, headerHeight }: RowGeometry,
): IndexRange | null {
  if (count <= 0 || height <= 0) return null
  const clamp = (index: number) => Math.min(Math.max(index, 0), count - 1)
  const first = clamp(Math.floor((offset - headerHeight) / rowHeight))
  const last = clamp(Math.ceil((offset + height - headerHeight) / rowHeight) - 1)
  return { first, last: Math.max(first, last) }
}

export interface RowItem {
  index: number
  /** Top of the row in the list's own content. */
  start: number
}

/** The rows to render: `range` widened by `overscan` on each side, within the list. */
export function rowItems(
  range: IndexRange | null,
  overscan: number,
  { count, rowHeight, headerHeight }: RowGeometry,
): RowItem[] {
  if (range === null || count <= 0) return []
  const first = Math.max(0, range.first - overscan)
  const last = Math.min(count - 1, range.last + overscan)
  const items: RowItem[] = []
  for (let index = first; index <= last; index += 1)
    items.push({ index, start: headerHeight + index * rowHeight })
  return items
}

export const sameRange = (a: IndexRange | null, b: IndexRange | null) =>
  a === b || (a !== null && b !== null && a.first === b.first && a.last === b.last)
