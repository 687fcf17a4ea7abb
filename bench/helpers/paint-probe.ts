import type { Page } from '@playwright/test'

/** Functions the probe installs in the page; each resolves with `performance.now()` readings. */
export interface ProbeWindow extends Window {
  /** `performance.now()` of the click recorded by __recordNextClick. */
  __lastClick: number
  /** Records the time of the next click event (capture phase, before any handler runs). */
  __recordNextClick: () => void
  /** Time of the first animation frame after row `index` is in the DOM with its data (not a skeleton). */
  __waitForRow: (index: number) => Promise<number>
  /** Sets the grid's scrollTop once so row `index` is at the top; ms until that row is painted. */
  __jumpTo: (index: number, rows: number) => Promise<number>
  /** Scrolls down at `pxPerSecond` for `ms`, one step per frame. */
  __scrollFor: (
    ms: number,
    pxPerSecond: number,
  ) => Promise<{
    frames: number[]
    callbacks: number[]
    handlers: number[]
    maxRows: number
    rowsPassed: number
  }>
}

// Runs in the page before its scripts (serialised by Playwright, so it must be self-contained).
function probe() {
  const w = window as unknown as ProbeWindow
  const grid = () => document.querySelector<HTMLElement>('[role="grid"]')
  const loaded = (index: number) =>
    document.querySelector(`[role="grid"] [data-row-index="${index}"]:not([aria-busy])`)
  const nextFrame = () =>
    new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())))

  w.__recordNextClick = () =>
    document.addEventListener('click', () => (w.__lastClick = performance.now()), {
      capture: true,
      once: true,
    })

  w.__waitForRow = (index) =>
    new Promise((resolve) => {
      if (loaded(index)) {
        void nextFrame().then(resolve)
        return
      }
      const observer = new MutationObserver(() => {
        if (!loaded(index)) return
        observer.disconnect()
        void nextFrame().then(resolve)
      })
      observer.observe(document.documentElement, {
        childList: true,
        subtree: true,
        attributes: true,
      })
    })

  // The virtual → physical mapping of src/ui/data-table/scroll-scale.ts, from the rendered geometry.
  const geometry = (rows: number) => {
    const element = grid()
    const header = element?.querySelector<HTMLElement>('[role="rowgroup"]')
    const row = element?.querySelector<HTMLElement>('[data-row-index]')
    if (!element || !header || !row) throw new Error('The audit grid is not rendered')
    const rowHeight = row.offsetHeight
    const virtualRange = header.offsetHeight + rows * rowHeight - element.clientHeight
    const physicalRange = element.scrollHeight - element.clientHeight
    return { element, rowHeight, ratio: virtualRange / physicalRange }
  }

  w.__jumpTo = async (index, rows) => {
    const { element, rowHeight, ratio } = geometry(rows)
    const start = performance.now()
    element.scrollTop = (index * rowHeight) / ratio
    return (await w.__waitForRow(index)) - start
  }

  w.__scrollFor = async (ms, pxPerSecond) => {
    const element = grid()
    if (!element) throw new Error('The audit grid is not rendered')
    const firstIndex = () =>
      Math.min(
        ...[...element.querySelectorAll<HTMLElement>('[data-row-index]')].map((row) =>
          Number(row.dataset.rowIndex),
        ),
      )
    const startIndex = firstIndex()
    // The table's work per scroll event: from a document capture listener (runs first) to a
    // listener on the grid added now (runs after the virtualizer's, which was added at mount).
    const handlers: number[] = []
    let eventStart = 0
    const onCapture = () => (eventStart = performance.now())
    const onTarget = () => handlers.push(performance.now() - eventStart)
    document.addEventListener('scroll', onCapture, { capture: true })
    element.addEventListener('scroll', onTarget)
    // Two clocks per frame: the rAF timestamp (when the frame began, so the interval between two
    // is the frame time and a dropped frame shows as 33 ms) and performance.now() when our callback
    // ran (that interval also holds the jitter of when the callback was scheduled).
    const frameStart = () =>
      new Promise<[number, number]>((resolve) =>
        requestAnimationFrame((stamp) => resolve([stamp, performance.now()])),
      )
    const frames: number[] = []
    const callbacks: number[] = []
    let maxRows = 0
    let [lastStamp, last] = await frameStart()
    const end = last + ms
    let position = element.scrollTop
    while (last < end) {
      const [stamp, now] = await frameStart()
      frames.push(stamp - lastStamp)
      callbacks.push(now - last)
      position += (pxPerSecond * (now - last)) / 1000
      element.scrollTop = position
      maxRows = Math.max(maxRows, element.querySelectorAll('[role="row"]').length)
      lastStamp = stamp
      last = now
    }
    document.removeEventListener('scroll', onCapture, { capture: true })
    element.removeEventListener('scroll', onTarget)
    return { frames, callbacks, handlers, maxRows, rowsPassed: firstIndex() - startIndex }
  }
}

export async function installPaintProbe(page: Page) {
  // tsx (esbuild) wraps named functions in a `__name(fn, "name")` helper that exists only in Node;
  // the page gets an identity stand-in so the serialised probe runs there unchanged.
  await page.addInitScript({ content: `var __name = (target) => target;\n(${probe.toString()})()` })
}
