import { useCallback, type RefObject } from 'react'
import {
  elementScroll,
  observeElementOffset,
  useVirtualizer,
  type Virtualizer,
} from '@tanstack/react-virtual'
import { scrollScale } from './scroll-scale'
import type { IndexRange } from './windows'

// TanStack Virtual works in the list's own ("virtual") offsets; only the scroll element's offsets are
// physical. Translating at the two places offsets cross that boundary (reading a scroll event, writing
// a scroll) keeps every virtualizer computation exact while the element stays under the browser's
// height limit.

export interface ScaledVirtualizer {
  virtualizer: Virtualizer<HTMLDivElement, HTMLDivElement>
  /** Height of everything inside the scroll element, header included. */
  physicalHeight: number
  /** Where a virtual item's top is inside the scroll element's content. */
  physicalTop: (virtualStart: number) => number
  /** Scrolls so row `index` is fully visible, moving as little as possible. */
  revealIndex: (index: number) => void
}

export interface VirtualGeometry {
  count: number
  rowHeight: number
  /** Height of the sticky header inside the scroll element, before the first row. */
  headerHeight: number
  overscan: number
  onRange: (range: IndexRange | null) => void
}

type Extent = Pick<VirtualGeometry, 'count' | 'rowHeight' | 'headerHeight'>

function scaleOf(element: HTMLDivElement, { count, rowHeight, headerHeight }: Extent) {
  return scrollScale(headerHeight + count * rowHeight, element.clientHeight)
}

export function useScaledVirtualizer(
  scrollRef: RefObject<HTMLDivElement | null>,
  geometry: VirtualGeometry,
): ScaledVirtualizer {
  const { count, rowHeight, headerHeight, overscan, onRange } = geometry
  const virtualizer = useVirtualizer<HTMLDivElement, HTMLDivElement>({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
    paddingStart: headerHeight,
    scrollPaddingStart: headerHeight,
    onChange: (instance) => {
      const range = instance.range
      onRange(
        range && range.endIndex >= 0 ? { first: range.startIndex, last: range.endIndex } : null,
      )
    },
    observeElementOffset: (instance, notify) =>
      observeElementOffset(instance, (offset, isScrolling) => {
        const element = instance.scrollElement
        const scale = element
          ? scaleOf(element, { rowHeight, headerHeight, count: instance.options.count })
          : null
        notify(scale ? scale.toVirtual(offset) : offset, isScrolling)
      }),
    scrollToFn: (offset, options, instance) => {
      const element = instance.scrollElement
      const scale = element
        ? scaleOf(element, { rowHeight, headerHeight, count: instance.options.count })
        : null
      elementScroll(scale ? scale.toPhysical(offset) : offset, options, instance)
    },
  })

  const viewport = virtualizer.scrollRect?.height ?? 0
  const scale = scrollScale(headerHeight + count * rowHeight, viewport)
  const virtualOffset = virtualizer.scrollOffset ?? 0
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
    virtualizer,
    physicalHeight: scale.physicalHeight,
    physicalTop: (virtualStart) => virtualStart - virtualOffset + physicalOffset,
    revealIndex,
  }
}
