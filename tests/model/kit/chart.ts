import type { MachineState, MachineTransition } from './graph'

// The machine as a state chart in inline SVG, laid out here (no library, no network): top-level
// states in columns by their distance from the initial state, child states inside their parent,
// transitions as curves coloured by coverage and numbered as in the transitions table.

export type EdgeCoverage = 'browser' | 'machine' | 'none'

type Box = { x: number; y: number; width: number; height: number }

const LEAF = { width: 170, height: 36 }
const PAD = 14
const HEADER = 26
const GAP = { column: 120, row: 60 }
const MARGIN = 50
const COLOURS: Record<EdgeCoverage, string> = {
  browser: '#15803d',
  machine: '#1d4ed8',
  none: '#b91c1c',
}
const LEGEND: Record<EdgeCoverage, string> = {
  browser: 'browser and machine run',
  machine: 'machine run only',
  none: 'not covered',
}

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function childrenOf(states: readonly MachineState[], parent: string | null) {
  return states.filter((state) => state.parent === parent)
}

function sizeOf(states: readonly MachineState[], id: string): { width: number; height: number } {
  const children = childrenOf(states, id)
  if (children.length === 0) return LEAF
  const sizes = children.map((child) => sizeOf(states, child.id))
  return {
    width: Math.max(...sizes.map(({ width }) => width)) + 2 * PAD,
    height: HEADER + sizes.reduce((sum, { height }) => sum + height + PAD, 0),
  }
}

/** Column per top-level state: breadth-first distance from the initial one over transitions. */
function columns(states: readonly MachineState[], transitions: readonly MachineTransition[]) {
  const top = (id: string) => id.split('.')[0]
  const next = new Map<string, string[]>()
  for (const { source, targets } of transitions) {
    next.set(top(source), [...(next.get(top(source)) ?? []), ...targets.map(top)])
  }
  const roots = childrenOf(states, null)
  const column = new Map<string, number>()
  let frontier = roots.filter((state) => state.initial).map(({ id }) => id)
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
  for (const { id } of roots) if (!column.has(id)) column.set(id, last + 1)
  return column
}

function layout(states: readonly MachineState[], transitions: readonly MachineTransition[]) {
  const column = columns(states, transitions)
  const boxes = new Map<string, Box>()
  const place = (id: string, x: number, y: number) => {
    const size = sizeOf(states, id)
    boxes.set(id, { x, y, ...size })
    let childY = y + HEADER
    for (const child of childrenOf(states, id)) {
      place(child.id, x + PAD, childY)
      childY += sizeOf(states, child.id).height + PAD
    }
  }
  const count = Math.max(...column.values()) + 1
  let x = MARGIN + 20
  for (let index = 0; index < count; index += 1) {
    const here = childrenOf(states, null).filter(({ id }) => column.get(id) === index)
    let y = MARGIN + 40
    for (const state of here) {
      place(state.id, x, y)
      y += sizeOf(states, state.id).height + GAP.row
    }
    x += Math.max(LEAF.width, ...here.map(({ id }) => sizeOf(states, id).width)) + GAP.column
  }
  return { boxes, width: x + MARGIN }
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
  const { boxes, width } = layout(states, transitions)
  const bottom = Math.max(...[...boxes.values()].map((box) => box.y + box.height))
  const pairs = new Map<string, number>()
  let below = 0
  let beside = 0
  const edges = transitions.map((transition, index) => {
    const from = boxes.get(transition.source) ?? { x: 0, y: 0, ...LEAF }
    const target = transition.targets[0] ?? transition.source
    const to = boxes.get(target) ?? from
    const pair = `${transition.source}>${target}`
    const nth = pairs.get(pair) ?? 0
    pairs.set(pair, nth + 1)
    let path: ReturnType<typeof curve>
    if (target === transition.source) {
      const left = from.x + from.width - 60 - nth * 34
      path = curve(
        { x: left, y: from.y },
        { x: left - 10, y: from.y - 34 },
        { x: left + 30, y: from.y - 34 },
        { x: left + 20, y: from.y },
      )
    } else if (to.x >= from.x + from.width) {
      const start = { x: from.x + from.width, y: from.y + Math.min(from.height / 2, 18) + nth * 6 }
      const end = { x: to.x, y: to.y + Math.min(to.height / 2, 18) + nth * 6 }
      path = curve(start, { x: start.x + 60, y: start.y }, { x: end.x - 60, y: end.y }, end)
    } else if (to.x === from.x) {
      // Same column: bow out to the right, wider for each such edge so they stay apart.
      beside += 1
      const start = { x: from.x + from.width, y: from.y + from.height / 2 + 6 }
      const end = { x: to.x + to.width, y: to.y + to.height / 2 - 6 }
      const bow = 30 + beside * 12
      path = curve(start, { x: start.x + bow, y: start.y }, { x: end.x + bow, y: end.y }, end)
    } else {
      below += 1
      const start = { x: from.x + from.width / 2 + 16, y: from.y + from.height }
      const end = { x: to.x + to.width / 2 - 16, y: to.y + to.height }
      const dip = bottom + 12 + below * 16
      path = curve(start, { x: start.x, y: dip }, { x: end.x, y: dip }, end)
    }
    const state = coverage(transition)
    const colour = COLOURS[state]
    const dash = state === 'none' ? ' stroke-dasharray="6 4"' : ''
    const title = `${index + 1}. ${transition.source} —${transition.label}→ ${transition.targets.join(', ') || '(stays)'}: ${LEGEND[state]}`
    return (
      `<g><title>${escape(title)}</title>` +
      `<path d="${path.d}" fill="none" stroke="${colour}" stroke-width="${state === 'browser' ? 2.5 : 1.5}"${dash} marker-end="url(#arrow-${state})"/>` +
      `<circle cx="${path.mid.x}" cy="${path.mid.y}" r="9" fill="#fff" stroke="${colour}"/>` +
      `<text x="${path.mid.x}" y="${path.mid.y + 4}" text-anchor="middle" font-size="10" fill="${colour}">${index + 1}</text></g>`
    )
  })
  const nodes = states.map((state) => {
    const box = boxes.get(state.id) ?? { x: 0, y: 0, ...LEAF }
    const compound = childrenOf(states, state.id).length > 0
    const labelY = compound ? box.y + 17 : box.y + box.height / 2 + 4
    const initial = state.initial
      ? `<circle cx="${box.x - 14}" cy="${box.y + 14}" r="5" fill="#111"/><line x1="${box.x - 9}" y1="${box.y + 14}" x2="${box.x}" y2="${box.y + 14}" stroke="#111"/>`
      : ''
    const final = state.final
      ? `<rect x="${box.x + 3}" y="${box.y + 3}" width="${box.width - 6}" height="${box.height - 6}" rx="6" fill="none" stroke="#111"/>`
      : ''
    const name = state.id.split('.').at(-1) ?? state.id
    return (
      `<g>${initial}<rect x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" rx="8" fill="${compound ? '#f9fafb' : '#fff'}" stroke="#111"/>${final}` +
      `<text x="${box.x + box.width / 2}" y="${labelY}" text-anchor="middle"${compound ? ' font-weight="600"' : ''}>${escape(name)}</text></g>`
    )
  })
  const markers = (Object.keys(COLOURS) as EdgeCoverage[])
    .map(
      (state) =>
        `<marker id="arrow-${state}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${COLOURS[state]}"/></marker>`,
    )
    .join('')
  const legend = (Object.keys(COLOURS) as EdgeCoverage[])
    .map((state, index) => {
      const x = MARGIN + index * 220
      const dash = state === 'none' ? ' stroke-dasharray="6 4"' : ''
      return `<line x1="${x}" y1="${MARGIN - 14}" x2="${x + 30}" y2="${MARGIN - 14}" stroke="${COLOURS[state]}" stroke-width="2"${dash}/><text x="${x + 38}" y="${MARGIN - 10}">${LEGEND[state]}</text>`
    })
    .join('')
  const height = bottom + 30 + below * 16 + MARGIN
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-label="State chart" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="system-ui, sans-serif" font-size="12">` +
    `<defs>${markers}</defs>${legend}${nodes.join('')}${edges.join('')}</svg>`
  )
}
