/**
 * Palette keystroke → DOM updated, in jsdom (React production build), 1,000 and 10,000 items:
 *   - ours:         cmdk with shouldFilter={false}, src/commands/matcher.ts picks the best 50, only
 *                   those are mounted (what palette-body.tsx does);
 *   - cmdk default: cmdk's own filtering with every item mounted (what the cmdk README shows).
 * jsdom is many times slower than a browser at DOM work, so read the columns against each other,
 * not against the 8 ms budget (bench/palette-bench.ts measures the filter itself for that).
 * Run: npm run bench:palette (second of three) or tsx bench/palette-dom-bench.ts
 */
import { performance } from 'node:perf_hooks'
import { builtinEnvironments } from 'vitest/runtime'

// React's development build does extra work per render; a user gets the production one. Set before
// React is first imported (the imports below are dynamic for this reason).
process.env.NODE_ENV = 'production'

// The same jsdom globals vitest gives a `@vitest-environment jsdom` test.
await builtinEnvironments.jsdom.setup(globalThis, { jsdom: { pretendToBeVisual: true } })
// Layout APIs jsdom does not implement and cmdk calls.
if (!('scrollIntoView' in Element.prototype)) {
  Object.defineProperty(Element.prototype, 'scrollIntoView', { value: () => {} })
}
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
}

const { createElement } = await import('react')
const { createRoot } = await import('react-dom/client')
const { flushSync } = await import('react-dom')
const { Command } = await import('cmdk')
const { createMatcher } = await import('../src/commands/matcher')

const LIMIT = 50
const queries = ['f', 'fr', 'fro', 'front', 'front 1', 'front 12']

function labels(count: number) {
  const nouns = ['Front Door', 'Back Door', 'Garage', 'Server Room', 'Lobby', 'Roof Access']
  return Array.from({ length: count }, (_, i) => `Lock ${nouns[i % nouns.length]} ${i}`)
}

function measure(count: number, contender: 'ours' | 'cmdk') {
  const texts = labels(count)
  const matcher = createMatcher(texts.map((text) => ({ id: text, text })))
  const container = document.createElement('div')
  document.body.append(container)
  const root = createRoot(container)
  const view = (query: string) => {
    const shown =
      contender === 'ours' ? matcher.search(query, LIMIT).results.map((r) => r.id) : texts
    return createElement(
      Command,
      { label: 'bench', shouldFilter: contender === 'cmdk' },
      createElement(Command.Input, { value: query }),
      createElement(
        Command.List,
        null,
        shown.map((text) => createElement(Command.Item, { key: text, value: text }, text)),
      ),
    )
  }
  let started = performance.now()
  flushSync(() => root.render(view('')))
  const mount = performance.now() - started
  const samples: number[] = []
  for (const query of queries) {
    started = performance.now()
    flushSync(() => root.render(view(query)))
    samples.push(performance.now() - started)
  }
  const mounted = container.querySelectorAll('[cmdk-item]').length
  root.unmount()
  container.remove()
  samples.sort((a, b) => a - b)
  return {
    mount,
    median: samples[Math.floor(samples.length / 2)] ?? 0,
    max: samples.at(-1) ?? 0,
    mounted,
  }
}

console.log(
  `Palette keystroke → DOM updated in jsdom (ms), ${queries.length} keystrokes typing "front 12"`,
)
console.log(
  `${'items'.padStart(6)}  ${'contender'.padEnd(13)} ${'open'.padStart(9)} ${'median'.padStart(9)} ${'max'.padStart(9)}  rows mounted after last key`,
)
// Warm-up: the first render pays for JIT compilation of React and cmdk; keep it out of the figures.
measure(1_000, 'ours')
measure(1_000, 'cmdk')
for (const count of [1_000, 10_000]) {
  for (const contender of ['ours', 'cmdk'] as const) {
    const result = measure(count, contender)
    const name = contender === 'ours' ? 'ours (top 50)' : 'cmdk default'
    console.log(
      `${String(count).padStart(6)}  ${name.padEnd(13)} ${result.mount.toFixed(1).padStart(9)} ${result.median.toFixed(1).padStart(9)} ${result.max.toFixed(1).padStart(9)}  ${result.mounted}`,
    )
  }
}
