import type { MachineState, MachineTransition } from './graph'

// The machine as a state chart in inline SVG, laid out here (no library, no network): states in
// columns by their distance from the initial state, transitions as curves coloured by coverage.

export type EdgeCoverage = 'browser' | 'machine' | 'none'

const BOX = { width: 180, height: 38 }
const GAP = { column: 110, row: 56 }
const MARGIN = 40
const COLOURS: Record<EdgeCoverage, string> = {
  browser: '#15803d',
  machine: '#1d4ed8',
  none: '#b91c1c',
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** Column per state: breadth-first distance from the initial states over transitions and nesting. */
function columns(states: readonly MachineState[], transitions: readonly MachineTransition[]) {
  const next = new Map<string, string[]>(states.map(({ id }) => [id, []]))
  for (const state of states) if (state.parent) next.get(state.parent)?.push(state.id)
  for (const { source, targets } of transitions) next.get(source)?.push(...targets)
  const column = new Map<string, number>()
  let frontier = states
    .filter((state) => state.initial && state.parent === null)
    .map(({ id }) => id)
  for (const id of frontier) column.set(id, 0)
  while (frontier.length > 0) {
    const following: string[] = []
    for (const id of frontier) {
      for (const target of next.get(id) ?? []) {
        if (column.has(target)) continue
        column.set(target, (column.get(id) ?? 0) + 1)
        following.push(target)
      }
    }
    frontier = following
  }
  const last = Math.max(0, ...column.values())
  for (const { id } of states) if (!column.has(id)) column.set(id, last + 1)
  return column
}

type Point = { x: number; y: number }

function curve(from: Point, c1: Point, c2: Point, to: Point) {
  const mid = {
    x: (from.x + 3 * c1.x + 3 * c2.x + to.x) / 8,
    y: (from.y + 3 * c1.y + 3 * c2.y + to.y) / 8,
  }
  return { d: `M${from.x},${from.y} C${c1.x},${c1.y} ${c2.x},${c2.y} ${to.x},${to.y}`, mid }
}

export function stateChart(
  states: readonly MachineState[],
  transitions: readonly MachineTransition[],
  coverage: (transition: MachineTransition) => EdgeCoverage,
): string {
  const column = columns(states, transitions)
  const rows = new Map<number, number>()
  const place = new Map<string, Point>()
  for (const state of states) {
    const x = column.get(state.id) ?? 0
    const y = rows.get(x) ?? 0
    rows.set(x, y + 1)
    place.set(state.id, {
      x: MARGIN + x * (BOX.width + GAP.column),
      y: MARGIN + 30 + y * (BOX.height + GAP.row),
    })
  }
  const width = MARGIN * 2 + (Math.max(...column.values()) + 1) * (BOX.width + GAP.column)
  const height = MARGIN * 2 + 60 + Math.max(...rows.values()) * (BOX.height + GAP.row)
  const pairs = new Map<string, number>()
  const edges = transitions.map((transition) => {
    const from = place.get(transition.source) ?? { x: 0, y: 0 }
    const target = transition.targets[0] ?? transition.source
    const to = place.get(target) ?? from
    const pair = `${transition.source}>${target}`
    const nth = pairs.get(pair) ?? 0
    pairs.set(pair, nth + 1)
    const spread = nth * 22
    let path: ReturnType<typeof curve>
    if (target === transition.source) {
      const top = { x: from.x + BOX.width / 2, y: from.y }
      path = curve(
        { x: top.x - 30, y: top.y },
        { x: top.x - 50, y: top.y - 40 - spread },
        { x: top.x + 50, y: top.y - 40 - spread },
        { x: top.x + 30, y: top.y },
      )
    } else if (to.x > from.x) {
      const start = { x: from.x + BOX.width, y: from.y + BOX.height / 2 }
      const end = { x: to.x, y: to.y + BOX.height / 2 }
      path = curve(
        start,
        { x: start.x + 60, y: start.y + spread },
        { x: end.x - 60, y: end.y + spread },
        end,
      )
    } else {
      const start = { x: from.x + BOX.width / 2 + 20, y: from.y + BOX.height }
      const end = { x: to.x + BOX.width / 2 - 20, y: to.y + BOX.height }
      const dip = Math.max(start.y, end.y) + 40 + spread
      path = curve(start, { x: start.x, y: dip }, { x: end.x, y: dip }, end)
    }
    const state = coverage(transition)
    const colour = COLOURS[state]
    const dash = state === 'none' ? ' stroke-dasharray="6 4"' : ''
    return (
      `<g class="edge ${state}"><title>${escape(`${transition.id} (${state === 'none' ? 'not covered' : `covered by the ${state} run`})`)}</title>` +
      `<path d="${path.d}" fill="none" stroke="${colour}" stroke-width="${state === 'browser' ? 2.5 : 1.5}"${dash} marker-end="url(#arrow-${state})"/>` +
      `<text x="${path.mid.x}" y="${path.mid.y - 3}" text-anchor="middle" class="label" fill="${colour}">${escape(transition.label)}</text></g>`
    )
  })
  const nodes = states.map((state) => {
    const { x, y } = place.get(state.id) ?? { x: 0, y: 0 }
    const compound = states.some((other) => other.parent === state.id)
    const border = compound ? ' stroke-dasharray="4 3"' : ''
    const initial = state.initial
      ? `<circle cx="${x - 14}" cy="${y + BOX.height / 2}" r="5" fill="#111"/><line x1="${x - 9}" y1="${y + BOX.height / 2}" x2="${x}" y2="${y + BOX.height / 2}" stroke="#111"/>`
      : ''
    const final = state.final
      ? `<rect x="${x + 3}" y="${y + 3}" width="${BOX.width - 6}" height="${BOX.height - 6}" rx="6" fill="none" stroke="#111"/>`
      : ''
    return (
      `<g class="state">${initial}<rect x="${x}" y="${y}" width="${BOX.width}" height="${BOX.height}" rx="8" fill="#fff" stroke="#111"${border}/>${final}` +
      `<text x="${x + BOX.width / 2}" y="${y + BOX.height / 2 + 4}" text-anchor="middle">${escape(state.id)}</text></g>`
    )
  })
  const markers = (Object.keys(COLOURS) as EdgeCoverage[])
    .map(
      (state) =>
        `<marker id="arrow-${state}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${COLOURS[state]}"/></marker>`,
    )
    .join('')
  const legend = (Object.entries(COLOURS) as [EdgeCoverage, string][])
    .map(
      ([state, colour], index) =>
        `<text x="${MARGIN + index * 200}" y="${MARGIN - 10}" fill="${colour}">${
          {
            browser: '━ browser and machine run',
            machine: '━ machine run only',
            none: '┅ not covered',
          }[state]
        }</text>`,
    )
    .join('')
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="State chart" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12">` +
    `<defs>${markers}</defs>${legend}${edges.join('')}${nodes.join('')}</svg>`
  )
}
