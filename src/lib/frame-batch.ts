/**
 * Runs `flush` at most once per animation frame however often `schedule` is called: many
 * updates arriving between two frames (1,000 command receipts) become one render. `now` runs a
 * scheduled flush at once (the last update before a summary). Without frames (a hidden tab, a
 * test without layout) a 16 ms timer stands in.
 */
export function frameBatch(flush: () => void) {
  let scheduled: (() => void) | null = null
  const run = () => {
    scheduled = null
    flush()
  }
  return {
    schedule: () => {
      if (scheduled !== null) return
      if (typeof requestAnimationFrame === 'function' && document.visibilityState === 'visible') {
        const frame = requestAnimationFrame(run)
        scheduled = () => cancelAnimationFrame(frame)
      } else {
        const timer = setTimeout(run, 16)
        scheduled = () => clearTimeout(timer)
      }
    },
    now: () => {
      if (scheduled === null) return
      scheduled()
      run()
    },
    cancel: () => {
      scheduled?.()
      scheduled = null
    },
  }
}
