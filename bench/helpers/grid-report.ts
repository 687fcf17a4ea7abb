import { median } from './grid-runs'

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

export function versus(
  name: string,
  ours: number[],
  theirs: number[],
  unit: string,
  target?: number,
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
  console.log(
    `${name.padEnd(40)} ${`${fixed(a, unit)}${range(ours)}`.padStart(22)} ${`${fixed(b, unit)}${range(theirs)}`.padStart(22)} ${unit.padEnd(6)} ${Number.isFinite(ratio) ? ratio.toFixed(2) : '∞'}${verdict}`,
  )
}
