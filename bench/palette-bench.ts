/**
 * Palette keystroke → results, local items (budget ≤ 8 ms at 10,000 items, docs/benchmarks.md).
 *
 * Types queries one character at a time against 1,000 and 10,000 command-like labels and times
 * each keystroke three ways on the same items in the same run:
 *   - ours, typing:   src/commands/matcher.ts as the palette uses it (narrows the previous result);
 *   - ours, cold:     the same matcher with its narrowing cache dropped before every keystroke
 *                     (pasting, Backspace, a new query);
 *   - cmdk default:   cmdk's own filter (`defaultFilter`, i.e. command-score) on every item plus the
 *                     sort by score that cmdk performs. This is a lower bound for cmdk: in the
 *                     browser it also re-orders every mounted DOM node on each keystroke.
 * Each keystroke is measured as "query in → top 50 ids out". Run: npm run bench:palette
 */
import { defaultFilter } from 'cmdk'
import { performance } from 'node:perf_hooks'
import { createMatcher, type MatchSource } from '../src/commands/matcher'

const BUDGET_MS = 8
const LIMIT = 50
const ROUNDS = 5

const verbs = ['Go to', 'Open', 'Lock', 'Unlock', 'Create', 'Edit', 'Generate offline code for']
const nouns = ['Front Door', 'Back Door', 'Garage', 'Server Room', 'Lobby', 'Roof Access', 'Lift']
const places = ['Berlin', 'München', 'Köln', 'Hamburg', 'Düsseldorf', 'Straßburg', 'Zürich']

function items(count: number): MatchSource[] {
  // Deterministic pseudo-random labels, so every run and every contender sees the same data.
  let seed = 42
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return seed % n
  }
  return Array.from({ length: count }, (_, i) => ({
    id: `item-${i}`,
    text: `${verbs[next(verbs.length)]} ${nouns[next(nouns.length)]} ${i} · ${places[next(places.length)]}`,
    keywords: ['device', 'door'],
  }))
}

const queries = ['front door 12', 'lock garage', 'zurich lobby', 'gen off code', 'xyz']

function keystrokes(query: string): string[] {
  return Array.from({ length: query.length }, (_, i) => query.slice(0, i + 1))
}

function cmdkDefault(sources: readonly MatchSource[], query: string): string[] {
  const scored: Array<[string, number]> = []
  for (const source of sources) {
    const score = defaultFilter(source.text, query, [...(source.keywords ?? [])])
    if (score > 0) scored.push([source.id, score])
  }
  scored.sort((a, b) => b[1] - a[1])
  return scored.slice(0, LIMIT).map(([id]) => id)
}

interface Figures {
  readonly p50: number
  readonly p95: number
  readonly max: number
}

function figures(samples: number[]): Figures {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  return { p50: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? 0 }
}

function measure(run: (query: string) => unknown): Figures {
  const samples: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    for (const query of queries) {
      for (const prefix of keystrokes(query)) {
        const started = performance.now()
        run(prefix)
        samples.push(performance.now() - started)
      }
    }
  }
  return figures(samples)
}

const format = (value: number) => value.toFixed(3).padStart(8)

console.log(
  `Palette keystroke → top ${LIMIT} results (ms), ${ROUNDS} rounds of ${queries.length} typed queries`,
)
console.log(
  `${'items'.padStart(6)}  ${'contender'.padEnd(16)} ${'p50'.padStart(8)} ${'p95'.padStart(8)} ${'max'.padStart(8)}  budget ${BUDGET_MS} ms (p95)`,
)
let overBudget = false
for (const count of [1_000, 10_000]) {
  const sources = items(count)
  // Warm up the JIT on every contender so the first measured keystroke is not a compile.
  for (const query of queries) {
    createMatcher(sources).search(query, LIMIT)
    cmdkDefault(sources, query)
  }
  const typing = createMatcher(sources)
  const cold = createMatcher(sources)
  const rows: Array<[string, Figures]> = [
    [
      'ours, typing',
      measure((query) => {
        if (query.length === 1) typing.search('', LIMIT)
        return typing.search(query, LIMIT)
      }),
    ],
    [
      'ours, cold',
      measure((query) => {
        cold.search('', LIMIT)
        return cold.search(query, LIMIT)
      }),
    ],
    ['cmdk default', measure((query) => cmdkDefault(sources, query))],
  ]
  for (const [name, result] of rows) {
    const verdict = name.startsWith('ours') ? (result.p95 <= BUDGET_MS ? 'ok' : 'OVER') : ''
    if (verdict === 'OVER') overBudget = true
    console.log(
      `${String(count).padStart(6)}  ${name.padEnd(16)} ${format(result.p50)} ${format(result.p95)} ${format(result.max)}  ${verdict}`,
    )
  }
}
console.log('Entity search over 100,000 users: bench/palette-entity-search.ts (runs next).')
process.exitCode = overBudget ? 1 : 0
