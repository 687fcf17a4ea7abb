// Browsers cap an element's height (Chromium near 33.5 million px, Firefox near 17.9 million), but
// 1,000,000 rows of 36 px need 36 million. The scroller therefore gets a physical height of at most
// MAX_PHYSICAL_HEIGHT and the list's own ("virtual") offsets are mapped linearly onto it, endpoints
// onto endpoints, so the scrollbar still means the real total and its ends are the first and last rows.

export const MAX_PHYSICAL_HEIGHT = 15_000_000

export interface ScrollScale {
  /** Height of the spacer the scroller really scrolls. */
  physicalHeight: number
  toVirtual: (physicalOffset: number) => number
  toPhysical: (virtualOffset: number) => number
}

export function scrollScale(
  virtualHeight: number,
  viewportHeight: number,
  maxPhysicalHeight = MAX_PHYSICAL_HEIGHT,
): ScrollScale {
  const physicalHeight = Math.min(virtualHeight, maxPhysicalHeight)
  const virtualRange = Math.max(0, virtualHeight - viewportHeight)
  const physicalRange = Math.max(0, physicalHeight - viewportHeight)
  if (virtualRange === physicalRange || physicalRange === 0) {
    return { physicalHeight, toVirtual: (p) => p, toPhysical: (v) => v }
  }
  const ratio = virtualRange / physicalRange
  const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max)
  return {
    physicalHeight,
    toVirtual: (p) => clamp(p * ratio, virtualRange),
    toPhysical: (v) => clamp(v / ratio, physicalRange),
  }
}
