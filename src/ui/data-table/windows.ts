// Pure window arithmetic for the server-paged DataTable. The table asks the server for rows in fixed
// windows (`start` = a multiple of the window size, `length` = the window size) so that every row
// has exactly one window, a window is fetched once while it stays in view, and neighbouring
// viewports share their requests.

export interface IndexRange {
  /** First row index wanted, inclusive. */
  first: number
  /** Last row index wanted, inclusive. */
  last: number
}

/** The window starts covering `range` widened by `overscan` rows, clamped to `[0, total)`. */
export function windowStartsFor(
  range: IndexRange,
  total: number,
  windowSize: number,
  overscan: number,
): number[] {
  if (total <= 0 || range.last < range.first) return []
  const first = Math.max(0, range.first - overscan)
  const last = Math.min(total - 1, range.last + overscan)
  if (last < first) return []
  const starts: number[] = []
  for (let start = first - (first % windowSize); start <= last; start += windowSize) {
    starts.push(start)
  }
  return starts
}

/**
 * Whether moving from the windows requested now to `next` is a continuous scroll (every next window
 * is already requested or touches one that is) rather than a jump. Continuous scrolls request at
 * once so rows keep up with the wheel; jumps wait for the scroll to settle so that dragging the
 * scrollbar across a million rows does not fire a request for every window it passes.
 */
export function isContinuous(
  current: readonly number[],
  next: readonly number[],
  windowSize: number,
) {
  if (current.length === 0) return false
  const near = new Set<number>()
  for (const start of current) {
    near.add(start - windowSize)
    near.add(start)
    near.add(start + windowSize)
  }
  return next.every((start) => near.has(start))
}

/**
 * `starts` in the order their requests should leave: most rows of `range` (the rows on screen)
 * first, so after a jump the larger part of the screen fills first; the server answers requests in
 * turn on one connection.
 */
export function byVisibleShare(
  starts: readonly number[],
  range: IndexRange,
  windowSize: number,
): number[] {
  const share = (start: number) =>
    Math.max(0, Math.min(range.last, start + windowSize - 1) - Math.max(range.first, start) + 1)
  return [...starts].sort((a, b) => share(b) - share(a) || a - b)
}

export function sameStarts(a: readonly number[], b: readonly number[]) {
  return a.length === b.length && a.every((start, i) => start === b[i])
}

export interface LoadedWindow<TRow> {
  start: number
  rows: readonly TRow[]
}

export interface SparseRows<TRow> {
  /** Loaded rows in index order, the data handed to the table. */
  data: TRow[]
  /** Position in `data` of the row at absolute index `index`, or -1 when it is not loaded. */
  locate: (index: number) => number
  /** The absolute index of the row at `position` in `data`, or -1 (the inverse of `locate`). */
  indexAt: (position: number) => number
}

/**
 * Loaded windows joined into one dense array the table can model, remembering where each landed.
 * An instance, not a plain object: Query compares a `combine` result with the previous one down to
 * every row (replaceEqualDeep), which cost ≈4 ms per 100-row window arriving after a jump; an
 * instance is taken as it is (see `windowJoiner` for keeping it while no window changed).
 */
class JoinedRows<TRow> implements SparseRows<TRow> {
  readonly data: TRow[] = []
  private readonly offsets: { start: number; end: number; at: number }[] = []

  constructor(windows: readonly LoadedWindow<TRow>[]) {
    for (const window of [...windows].sort((a, b) => a.start - b.start)) {
      const end = window.start + window.rows.length
      this.offsets.push({ start: window.start, end, at: this.data.length })
      this.data.push(...window.rows)
    }
  }

  locate = (index: number) => {
    const hit = this.offsets.find((o) => index >= o.start && index < o.end)
    return hit ? hit.at + (index - hit.start) : -1
  }

  indexAt = (position: number) => {
    const hit = this.offsets.find((o) => position >= o.at && position < o.at + (o.end - o.start))
    return hit ? hit.start + (position - hit.at) : -1
  }
}

/** Joins loaded windows into one dense array the table can model, remembering where each landed. */
export function joinWindows<TRow>(windows: readonly LoadedWindow<TRow>[]): SparseRows<TRow> {
  return new JoinedRows(windows)
}

/**
 * `joinWindows` that hands back its previous result while the windows are the same (same starts,
 * same row arrays): a fetching flag or a total changing then keeps the table's data as it was.
 */
export function windowJoiner<TRow>() {
  let last: { windows: readonly LoadedWindow<TRow>[]; joined: SparseRows<TRow> } | null = null
  return (windows: readonly LoadedWindow<TRow>[]) => {
    const same =
      last !== null &&
      last.windows.length === windows.length &&
      windows.every(
        (w, i) => w.start === last?.windows[i]?.start && w.rows === last.windows[i]?.rows,
      )
    if (last === null || !same) last = { windows, joined: joinWindows(windows) }
    return last.joined
  }
}

export interface ViewCount {
  total: number | null
  capped: boolean
}

/**
 * The count of the view's rows, remembered: the count the loaded windows report, else the last one
 * reported for the same view, else null. Windows that leave the screen are dropped, and a jump may
 * land where none is loaded yet; the scrollbar keeps its length meanwhile. A function with memory
 * rather than state: state set while rendering ran the table's render function twice over for its
 * first frame, as the first window's count arrives with that render. A call repeated with the same arguments answers the
 * same count.
 */
export function countMemory(): (
  viewKey: string,
  loadedTotal: number | null,
  loadedCapped: boolean,
) => ViewCount {
  let last: ViewCount & { viewKey: string } = { viewKey: '', total: null, capped: false }
  return (viewKey, loadedTotal, loadedCapped) => {
    if (loadedTotal !== null) last = { viewKey, total: loadedTotal, capped: loadedCapped }
    return last.viewKey === viewKey
      ? { total: last.total, capped: last.capped }
      : { total: null, capped: false }
  }
}
