import {
  startTransition,
  useCallback,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  type RefObject,
} from 'react'
import { flushSync } from 'react-dom'
import { elementScroll, observeElementOffset, useVirtualizer } from '@tanstack/react-virtual'
import {
  blockCount,
  rowItems,
  rowsInBlock,
  sameRange,
  visibleRows,
  type RowGeometry,
  type RowItem,
} from './row-range'
import { scrollScale } from './scroll-scale'
import type { IndexRange } from './windows'

// TanStack Virtual works in the list's own ("virtual") offsets; only the scroll element's offsets are
// physical. Translating at the two places offsets cross that boundary (reading a scroll event, writing
// a scroll) keeps every virtualizer computation exact while the element stays under the browser's
// height limit. It virtualizes blocks of rows (row-range.ts): it observes the scroller's offset and
// size and places the blocks; the rows on screen inside them follow from the same offset and size.

export interface ScaledVirtualizer {
  /** The rows to render (the visible ones and the overscan), each with its virtual top. */
  items: RowItem[]
  /** How many rows the scroller shows: what PageDown and PageUp move by. */
  pageRows: number
  /** Height of everything inside the scroll element, header included. */
  physicalHeight: number
  /** Where a virtual item's top is inside the scroll element's content. */
  physicalTop: (virtualStart: number) => number
  /** Scrolls so row `index` is fully visible, moving as little as possible. */
  revealIndex: (index: number) => void
}

export interface VirtualGeometry extends RowGeometry {
  overscan: number
  /** The rows on screen (without overscan) whenever they change, from the scroll handler. */
  onRange: (range: IndexRange | null) => void
}

/**
 * The scroller's size from a ResizeObserver, which reports it after the browser's own layout.
 * TanStack's `observeElementRect` also reads it at once (getBoundingClientRect), which forces the
 * page's first layout inside React's commit, in the same long task as the commit. Until the first
 * report the virtualizer works from `initialRect`, and the observer reports once on `observe`.
 */
function observeBoxSize(
  element: HTMLDivElement | null,
  notify: (rect: { width: number; height: number }) => void,
) {
  if (!element) return
  const observer = new ResizeObserver(([entry]) => {
    const box = entry?.borderBoxSize[0]
    if (box) notify({ width: Math.round(box.inlineSize), height: Math.round(box.blockSize) })
  })
  observer.observe(element, { box: 'border-box' })
  return () => observer.disconnect()
}

function scaleOf(element: HTMLDivElement, { count, rowHeight, headerHeight }: RowGeometry) {
  return scrollScale(headerHeight + count * rowHeight, element.clientHeight)
}

export function useScaledVirtualizer(
  scrollRef: RefObject<HTMLDivElement | null>,
  geometry: VirtualGeometry,
): ScaledVirtualizer {
  const { count, rowHeight, headerHeight, overscan, onRange } = geometry
  const rows = { count, rowHeight, headerHeight }
  const [, rerender] = useReducer((x: number) => x + 1, 0)
  // What the scroll handlers need between renders: the geometry of the latest render and the
  // range last reported, so a scroll that stays on the same rows renders nothing.
  const latest = useRef({ rows, onRange })
  useLayoutEffect(() => {
    latest.current = { rows, onRange }
  })
  const reported = useRef<IndexRange | null>(null)
  // Set while TanStack attaches to the scroller: it subscribes to the offset, then writes it.
  const attaching = useRef(false)
  // Set when TanStack Virtual itself re-rendered (a new block, scrolling starting or stopping).
  const virtualizerRendered = useRef(false)
  const report = useCallback((range: IndexRange | null) => {
    if (sameRange(range, reported.current)) return false
    reported.current = range
    latest.current.onRange(range)
    return true
  }, [])

  // Until the observer has reported the scroller's size (after the first layout), the rows follow
  // from the window's height, the most the scroller can show: the rows are rendered in the sliced
  // first render and painted in the first frame, and the measurement's re-render only trims them.
  const [initialRect] = useState(() => ({ width: window.innerWidth, height: window.innerHeight }))
  // Until then, too, the rows are those on screen only: the overscan (rows below the fold, for a
  // smooth scroll) joins once the scroller's size is known, after the first frame. The first render
  // is most of what stands between a page load and its first rows.
  const [measured, setMeasured] = useState(false)
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    count: blockCount(count),
    getScrollElement: () => scrollRef.current,
    initialRect,
    estimateSize: (block) => rowsInBlock(block, count) * rowHeight,
    overscan: 0,
    onChange: () => {
      virtualizerRendered.current = true
    },
    paddingStart: headerHeight,
    scrollPaddingStart: headerHeight,
    observeElementOffset: (instance, notify) => {
      attaching.current = true
      return observeElementOffset(instance, (offset, isScrolling) => {
        const element = instance.scrollElement
        const current = latest.current.rows
        const scale = element ? scaleOf(element, current) : null
        const virtual = scale ? scale.toVirtual(offset) : offset
        // The windows a jump lands on are requested first, before anything renders
        // (use-windowed-rows); then the rows move with the scroll in the same frame.
        const moved = report(visibleRows(virtual, instance.scrollRect?.height ?? 0, current))
        virtualizerRendered.current = false
        notify(virtual, isScrolling)
        if (!moved || virtualizerRendered.current) return
        if (isScrolling) flushSync(rerender)
        else rerender()
      })
    },
    observeElementRect: (instance, notify) =>
      observeBoxSize(instance.scrollElement, (rect) => {
        notify(rect)
        setMeasured(true)
        if (report(visibleRows(instance.scrollOffset ?? 0, rect.height, latest.current.rows)))
          rerender()
      }),
    scrollToFn: (offset, options, instance) => {
      // Attaching (inside React's commit), TanStack writes the offset it starts from. At 0 the
      // scroller is there already (a new element, or one shown again), and writing it would force
      // the page's layout inside the commit's task.
      const atAttach = attaching.current
      attaching.current = false
      if (atAttach && offset === 0) return
      const element = instance.scrollElement
      const scale = element ? scaleOf(element, latest.current.rows) : null
      elementScroll(scale ? scale.toPhysical(offset) : offset, options, instance)
    },
  })

  const viewport = virtualizer.scrollRect?.height ?? initialRect.height
  const virtualOffset = virtualizer.scrollOffset ?? 0
  const range = visibleRows(virtualOffset, viewport, rows)
  // A new count (the total arrived, a search) can change the rows without a scroll. The first
  // report (the mount) changes nothing on screen, only which windows to fetch: its re-render is a
  // transition, so it is not rendered again inside the commit's task.
  useLayoutEffect(() => {
    if (reported.current === null) startTransition(() => void report(range))
    else report(range)
  })
  const scale = scrollScale(headerHeight + count * rowHeight, viewport)
  const physicalOffset = scale.toPhysical(virtualOffset)

  const revealIndex = useCallback(
    (index: number) => {
      const element = scrollRef.current
      if (!element) return
      const current = scaleOf(element, { count, rowHeight, headerHeight })
      const offset = current.toVirtual(element.scrollTop)
      const top = headerHeight + index * rowHeight
      const bottom = top + rowHeight
      const height = element.clientHeight
      // Rounded away from the row: the element only takes whole pixels and a scaled pixel is several
      // virtual ones, so rounding the other way could leave the row partly hidden.
      if (top < offset + headerHeight)
        element.scrollTop = Math.floor(current.toPhysical(top - headerHeight))
      else if (bottom > offset + height)
        element.scrollTop = Math.ceil(current.toPhysical(bottom - height))
    },
    [scrollRef, count, rowHeight, headerHeight],
  )

  return {
    items: rowItems(range, measured ? overscan : 0, rows),
    pageRows: range ? range.last - range.first + 1 : 1,
    physicalHeight: scale.physicalHeight,
    physicalTop: (virtualStart) => virtualStart - virtualOffset + physicalOffset,
    revealIndex,
  }
}
