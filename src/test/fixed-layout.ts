import { vi } from 'vitest'

type Size = { width: number; height: number }

/**
 * jsdom lays nothing out: every element reports `size` (a virtualizer's measured rows, marked
 * `data-index`, report `rowSize` when given), and a ResizeObserver (which jsdom lacks) reports it
 * once per observed element, later, as a browser would. For components that show only the rows in
 * view. Undo with vi.restoreAllMocks() and vi.unstubAllGlobals().
 */
export function fixLayout(size: Size, rowSize: Size = size) {
  const sizeOf = (element: Element) => (element.hasAttribute('data-index') ? rowSize : size)
  class FixedSizeObserver {
    constructor(private readonly report: ResizeObserverCallback) {}
    observe(target: Element) {
      const { width, height } = sizeOf(target)
      const entry = {
        target,
        borderBoxSize: [{ inlineSize: width, blockSize: height }],
      } as unknown as ResizeObserverEntry
      setTimeout(() => this.report([entry], this as unknown as ResizeObserver))
    }
    unobserve() {}
    disconnect() {}
  }
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (
    this: HTMLElement,
  ) {
    return DOMRect.fromRect(sizeOf(this))
  })
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(size.height)
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockImplementation(function (
    this: HTMLElement,
  ) {
    return sizeOf(this).height
  })
  vi.stubGlobal('ResizeObserver', FixedSizeObserver)
}
