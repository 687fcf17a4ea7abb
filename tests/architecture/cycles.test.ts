import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// No module may reach itself through its imports (static, type-only or dynamic): a cycle means two
// files each think they own the concept, and the next change to either breaks the other.

const roots = ['src', 'machines', 'server']
const extensions = ['.ts', '.tsx']

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    const isSource = extensions.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts')
    return isSource && !/\.test\.tsx?$/.test(name) ? [path] : []
  })
}

// The one check for cycles: ESLint's import-x/no-cycle read the same graph again on every lint.
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)|^\s*import\s*['"](\.[^'"]+)['"]/gm

/** The relative paths `text` imports: static, type-only, re-exported, dynamic or for effect. */
const importsOf = (text: string) =>
  [...text.matchAll(IMPORT)].map((match) => match[1] ?? match[2] ?? match[3] ?? '')

function resolveImport(from: string, spec: string, known: Set<string>): string | null {
  const base = resolve(dirname(from), spec)
  for (const candidate of [base, ...extensions.map((ext) => base + ext)]) {
    const path = relative(process.cwd(), candidate)
    if (known.has(path)) return path
  }
  return null
}

function importGraph(): Map<string, string[]> {
  const files = roots.flatMap(sources)
  const known = new Set(files)
  return new Map(
    files.map((file) => {
      const text = readFileSync(file, 'utf8')
      const targets = importsOf(text)
        .map((spec) => resolveImport(file, spec, known))
        .filter((target): target is string => target !== null)
      return [file, targets]
    }),
  )
}

function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (node: string) => {
    state.set(node, 'open')
    stack.push(node)
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next])
      else if (!state.has(next)) visit(next)
    }
    stack.pop()
    state.set(node, 'done')
  }
  for (const node of graph.keys()) if (!state.has(node)) visit(node)
  return cycles
}

describe('import graph', () => {
  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
    ])
    expect(findCycles(graph)).toEqual([['a', 'b', 'c', 'a']])
  })

  it('reads every way one module imports another', () => {
    const text = [
      "import { a } from './a'",
      "import type { B } from '../b'",
      "export { c } from './c'",
      "export * from './d'",
      "const e = () => import('./e')",
      "import './f.css'",
      'import {',
      '  g,',
      "} from './g'",
      "import { h } from 'h-package'",
    ].join('\n')
    expect(importsOf(text)).toEqual(['./a', '../b', './c', './d', './e', './f.css', './g'])
  })

  it('has no cycle among the modules of src/, machines/ and server/', () => {
    const graph = importGraph()
    expect(graph.size).toBeGreaterThan(150)
    expect(findCycles(graph)).toEqual([])
  })
})
