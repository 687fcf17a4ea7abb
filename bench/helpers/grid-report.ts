import { median, percentile, type RoundFigures } from './grid-runs'

const fixed = (value: number, unit: string) => value.toFixed(unit === 'ms' ? 1 : 0)

export function line(name: string, value: number, unit: string, budget?: number) {
  // Judged at the precision printed and budgeted (0.1 ms).
  const rounded = Number(fixed(value, unit))
  const verdict = budget === undefined ? '' : rounded <= budget ? '  ok' : '  OVER BUDGET'
  const shown = `${fixed(rounded, unit)} ${unit}`
  console.log(
    `${name.padEnd(56)} ${shown.padStart(12)}${budget === undefined ? '' : `  (budget ≤${budget} ${unit})`}${verdict}`,
  )
}

/** What bench:audits and bench:journal-browser measure of the console's table alike. */
export interface TableFigures {
  /** Full page loads → first rows painted, ms. */
  loads: number[]
  inApp: { firstMs: number; repeatMs: number }
  rounds: RoundFigures[]
  jumpTo: number
  scroll: { ms: number; rowsPerSecond: number }
}

/** Their lines, each beside its budget (medians of the rounds; frames and handlers over all). */
export function tableLines(
  { loads, inApp, rounds, jumpTo, scroll }: TableFigures,
  budgets: { firstRowsMs: number; jumpMs: number; domRows: number },
) {
  const of = (pick: (f: RoundFigures) => number) => rounds.map(pick)
  const frames = rounds.flatMap((f) => f.frames).sort((a, b) => a - b)
  const handlers = rounds.flatMap((f) => f.handlers).sort((a, b) => a - b)
  line('navigation (full load) → first rows painted', median(loads), 'ms', budgets.firstRowsMs)
  line(
    'cold deep link (new context) → first rows',
    median(of((f) => f.coldMs)),
    'ms',
    budgets.firstRowsMs,
  )
  line(
    'navigation (sidebar, first visit) → first rows painted',
    inApp.firstMs,
    'ms',
    budgets.firstRowsMs,
  )
  line(
    'navigation (sidebar, repeat visit) → first rows painted',
    inApp.repeatMs,
    'ms',
    budgets.firstRowsMs,
  )
  line(
    `jump to row ${jumpTo.toLocaleString('en')} → rows painted`,
    median(of((f) => f.jumpMs)),
    'ms',
    budgets.jumpMs,
  )
  line(
    'DOM rows mounted, most while scrolling',
    Math.max(...of((f) => f.domRows)),
    'rows',
    budgets.domRows,
  )
  line(
    `frame time p50, ${scroll.ms / 1000} s scroll at ${scroll.rowsPerSecond} rows/s`,
    percentile(frames, 50),
    'ms',
  )
  line('frame time p95', percentile(frames, 95), 'ms')
  line('table work per scroll event p50', percentile(handlers, 50), 'ms')
  line('table work per scroll event p95', percentile(handlers, 95), 'ms')
}

/**
 * How precisely one run knows its ratio of medians: a bootstrap over the loads, answering the ends
 * of the central `level` of `draws` resampled ratios. The loads were taken in pairs (interleaved,
 * one of each contender), so a draw takes whole pairs and keeps what the machine did to both
 * alike; lists of unequal length are drawn apart. The seed is fixed, so the same loads print the
 * same interval.
 */
export function ratioInterval(
  ours: readonly number[],
  theirs: readonly number[],
  level = 0.9,
  draws = 2_000,
): [number, number] {
  if (ours.length === 0 || theirs.length === 0) return [Number.NaN, Number.NaN]
  let seed = 0x2f6b1d3
  // mulberry32: a small, well-mixed generator that a seed makes repeatable.
  const random = () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const paired = ours.length === theirs.length
  const draw = (values: readonly number[], picks: readonly number[]) =>
    picks.map((pick) => values[pick] ?? Number.NaN)
  const picksOf = (length: number) => Array.from({ length }, () => Math.floor(random() * length))
  const ratios: number[] = []
  for (let i = 0; i < draws; i += 1) {
    const mine = picksOf(ours.length)
    const other = paired ? mine : picksOf(theirs.length)
    ratios.push(median(draw(ours, mine)) / median(draw(theirs, other)))
  }
  ratios.sort((a, b) => a - b)
  const tail = (1 - level) / 2
  const at = (p: number) => ratios[Math.min(draws - 1, Math.floor(p * draws))] ?? Number.NaN
  return [at(tail), at(1 - tail)]
}

export function versus(
  name: string,
  ours: number[],
  theirs: number[],
  unit: string,
  target?: number,
  interval?: readonly [number, number],
) {
  const [a, b] = [median(ours), median(theirs)]
  const ratio = b === 0 ? (a === 0 ? 1 : Number.POSITIVE_INFINITY) : a / b
  const range = (values: number[]) =>
    values.length > 1
      ? ` [${fixed(Math.min(...values), unit)}–${fixed(Math.max(...values), unit)}]`
      : ''
  const verdict =
    target === undefined
      ? ''
      : ratio <= target + 1e-9
        ? `  (≤${target}) ok`
        : `  (≤${target}) MISSED`
  const spread = interval ? `  resampled: ${interval[0].toFixed(2)}–${interval[1].toFixed(2)}` : ''
  console.log(
    `${name.padEnd(40)} ${`${fixed(a, unit)}${range(ours)}`.padStart(22)} ${`${fixed(b, unit)}${range(theirs)}`.padStart(22)} ${unit.padEnd(6)} ${Number.isFinite(ratio) ? ratio.toFixed(2) : '∞'}${verdict}${spread}`,
  )
}
