import { useCallback, type RefObject } from 'react'
import { defaultRangeExtractor, useVirtualizer, type Range } from '@tanstack/react-virtual'

const ROW_PX = 32
const OVERSCAN = 20

/**
 * Only the items in view (and a margin) are mounted, so a building of thousands of rooms and doors
 * stays as quick as a small one. The focused item and the new-name field are always mounted: focus
 * never falls to <body> when they scroll out of view.
 */
export function useTreeWindow(
  count: number,
  scrollRef: RefObject<HTMLDivElement | null>,
  keep: readonly number[],
) {
  const kept = keep.join(',')
  const rangeExtractor = useCallback(
    (range: Range) => {
      const indexes = defaultRangeExtractor(range)
      const extra = kept
        .split(',')
        .filter((text) => text !== '')
        .map(Number)
        .filter((index) => index >= 0 && index < range.count && !indexes.includes(index))
      return extra.length === 0 ? indexes : [...indexes, ...extra].sort((a, b) => a - b)
    },
    [kept],
  )
  return useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_PX,
    overscan: OVERSCAN,
    rangeExtractor,
  })
}
