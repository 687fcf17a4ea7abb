import type { Page } from '@playwright/test'

/** Which grid the probe watches: the console's DataTable or the AG Grid bench page. */
export type ProbeTarget = 'table' | 'ag-grid'

/** Functions the probe installs in the page; each resolves with `performance.now()` readings. */
export interface ProbeWindow extends Window {
  /** `performance.now()` of the click recorded by __recordNextClick. */
  __lastClick: number
  /** Records the time of the next click event (capture phase, before any handler runs). */
  __recordNextClick: () => void
  /** `performance.now()` of the keydown recorded by __recordNextKey. */
  __lastKey: number
  /** Records the time of the next keydown event (capture phase, before any handler runs). */
  __recordNextKey: () => void
  /** Time of the first animation frame after row `index` is in the DOM with its data (not a skeleton). */
  __waitForRow: (index: number) => Promise<number>
  /** Sets the grid's scrollTop once so row `index` is near the top; ms until that row is painted. */
  __jumpTo: (index: number, rows: number) => Promise<number>
  /** Scrolls down at `rowsPerSecond` for `ms`, one step per frame. */
  __scrollFor: (
    ms: number,
    rowsPerSecond: number,
    rows: number,
  ) => Promise<{
    frames: number[]
    callbacks: number[]
    handlers: number[]
    maxRows: number
    rowsPassed: number
  }>
}

/** The console message the probe writes when a page load has painted its first rows. */
export const FIRST_ROWS_MESSAGE = '__firstRowsPainted'

// Runs in the page before its scripts (serialised by Playwright, so it must be self-contained).
function probe(target: ProbeTarget, FIRST_ROWS: string) {
  const w = window as unknown as ProbeWindow
  const ag = target === 'ag-grid'
  // The element that scrolls the rows vertically (both keep their header inside it).
  const scroller = () =>
    document.querySelector<HTMLElement>(ag ? '.ag-grid-viewport' : '[role="grid"]')
  const bodyRows = () =>
    document.querySelectorAll<HTMLElement>(
      ag ? '.ag-grid-scrolling-container .ag-row' : '[role="grid"] [data-row-index]',
    )
  const indexOf = (row: HTMLElement) =>
    Number(ag ? row.getAttribute('row-index') : row.dataset.rowIndex)
  const loaded = (index: number) => {
    if (!ag)
      return document.querySelector(`[role="grid"] [data-row-index="${index}"]:not([aria-busy])`)
    // AG Grid keeps the row element while its block loads: the row has its data once a cell has text.
    const cell = document.querySelector(
      `.ag-grid-scrolling-container .ag-row[row-index="${index}"] .ag-cell[col-id="device_name"]`,
    )
    return cell && cell.textContent !== '' ? cell : null
  }
  const nextFrame = () =>
    new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())))

  const recordNext = (type: 'click' | 'keydown', key: '__lastClick' | '__lastKey') =>
    document.addEventListener(type, () => (w[key] = performance.now()), {
      capture: true,
      once: true,
    })
  w.__recordNextClick = () => recordNext('click', '__lastClick')
  w.__recordNextKey = () => recordNext('keydown', '__lastKey')

  // A page load is timed from here, without the harness touching the page while it loads: a
  // Playwright evaluate then injects its utility script, 15–45 ms of main thread on a slow machine,
  // into whichever contender's boot it lands in. The first frame after row 0 has its data is
  // reported as a console message (FIRST_ROWS_MESSAGE), which reaches the harness over CDP.
  const firstRows = new MutationObserver(() => {
    if (!loaded(0)) return
    firstRows.disconnect()
    void nextFrame().then((at) => console.debug(`${FIRST_ROWS} ${at}`))
  })
  firstRows.observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    characterData: true,
  })

  w.__waitForRow = (index) =>
    new Promise((resolve, reject) => {
      // A row that never comes fails the run instead of hanging it.
      const timer = setTimeout(
        () => reject(new Error(`Row ${index} was not painted in 30 s`)),
        30_000,
      )
      if (loaded(index)) {
        clearTimeout(timer)
        void nextFrame().then(resolve)
        return
      }
      const observer = new MutationObserver(() => {
        if (!loaded(index)) return
        observer.disconnect()
        clearTimeout(timer)
        void nextFrame().then(resolve)
      })
      observer.observe(document.documentElement, {
        childList: true,
        subtree: true,
        attributes: true,
        characterData: true,
      })
    })

  // Both grids map the rows' full height linearly onto a scroller the browser can hold, endpoints
  // onto endpoints (src/ui/data-table/scroll-scale.ts; AG Grid's row container scaling), each with
  // its own limit: the ratio of row pixels to scroller pixels.
  const geometry = (rows: number) => {
    const element = scroller()
    const row = bodyRows()[0]
    if (!element || !row) throw new Error('The grid is not rendered')
    const rowHeight = row.offsetHeight
    const header = element.querySelector<HTMLElement>(ag ? '.ag-header' : '[role="rowgroup"]')
    const above = header?.offsetHeight ?? 0
    const virtualRange = above + rows * rowHeight - element.clientHeight
    const physicalRange = element.scrollHeight - element.clientHeight
    return { element, rowHeight, ratio: virtualRange / physicalRange }
  }

  w.__jumpTo = async (index, rows) => {
    const { element, rowHeight, ratio } = geometry(rows)
    const start = performance.now()
    // Two rows above the target: a pixel of rounding either way still leaves it on screen.
    element.scrollTop = ((index - 2) * rowHeight) / ratio
    return (await w.__waitForRow(index)) - start
  }

  w.__scrollFor = async (ms, rowsPerSecond, rows) => {
    const { element, rowHeight, ratio } = geometry(rows)
    const pxPerSecond = (rowsPerSecond * rowHeight) / ratio
    const firstIndex = () => Math.min(...[...bodyRows()].map(indexOf))
    const startIndex = firstIndex()
    // The grid's work per scroll event: from a document capture listener (runs first) to a
    // listener on the scroller added now (runs after the grid's own, which were added at mount).
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
      maxRows = Math.max(maxRows, bodyRows().length)
      lastStamp = stamp
      last = now
    }
    document.removeEventListener('scroll', onCapture, { capture: true })
    element.removeEventListener('scroll', onTarget)
    return { frames, callbacks, handlers, maxRows, rowsPassed: firstIndex() - startIndex }
  }
}

export async function installPaintProbe(page: Page, target: ProbeTarget = 'table') {
  // tsx (esbuild) wraps named functions in a `__name(fn, "name")` helper that exists only in Node;
  // the page gets an identity stand-in so the serialised probe runs there unchanged.
  await page.addInitScript({
    content: `var __name = (target) => target;\n(${probe.toString()})(${JSON.stringify(target)}, ${JSON.stringify(FIRST_ROWS_MESSAGE)})`,
  })
}
