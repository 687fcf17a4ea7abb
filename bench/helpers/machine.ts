import { cpus, loadavg } from 'node:os'
import { performance } from 'node:perf_hooks'

const PROBE_MB = 64

/**
 * A line that says how fast this machine was when a bench ran, so figures from two sessions can be
 * compared: the cores, the load average, and what first touching fresh memory costs. On a virtual
 * machine whose host takes freed memory back, every fresh page is a fault the host serves, and a
 * browser's start, script evaluation and first layout touch a lot of fresh memory: where this
 * figure is high, every browser figure is higher, for every contender alike.
 */
export function machineLine(): string {
  const runs = Array.from({ length: 3 }, () => {
    const started = performance.now()
    // A fresh allocation this large is mapped lazily: filling it touches every page once.
    Buffer.allocUnsafe(PROBE_MB * 1024 * 1024).fill(1)
    return performance.now() - started
  })
  const msPerMb = Math.min(...runs) / PROBE_MB
  return (
    `machine: ${cpus().length} cores, load average ${loadavg()[0]?.toFixed(1)}, ` +
    `first touch of fresh memory ${msPerMb.toFixed(2)} ms/MB (docs/benchmarks.md, "Machines")`
  )
}
