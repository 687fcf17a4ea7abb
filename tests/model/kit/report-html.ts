import { stateChart, type EdgeCoverage } from './chart'
import type { Figure, MachineReport } from './report'
import type { PathRecord } from './report-files'

// Static pages that open from the file system: inline CSS and SVG, no scripts, no network.

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const STYLE = `
body { font: 14px/1.45 system-ui, sans-serif; margin: 24px; color: #111; }
table { border-collapse: collapse; margin: 8px 0 24px; }
th, td { border: 1px solid #ccc; padding: 4px 8px; text-align: left; vertical-align: top; }
th { background: #f3f4f6; }
.yes { color: #15803d; font-weight: 600; } .no { color: #b91c1c; }
.fail { color: #b91c1c; font-weight: 600; } .ok { color: #15803d; font-weight: 600; }
.chart { overflow-x: auto; border: 1px solid #ddd; padding: 8px; }
code { font-size: 13px; } details { margin: 2px 0; } summary { cursor: pointer; }
`

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>` +
  `<style>${STYLE}</style></head><body>${body}</body></html>\n`

const mark = (covered: boolean) =>
  covered ? '<span class="yes">✔</span>' : '<span class="no">✘</span>'
const figureText = ({ covered, total, percent }: Figure) => `${covered}/${total} (${percent} %)`

function pathList(title: string, paths: readonly PathRecord[] | undefined) {
  if (paths === undefined) return `<h3>${title}</h3><p>Not run.</p>`
  const items = paths
    .map(
      (path) =>
        `<details><summary>${path.passed ? '<span class="ok">passed</span>' : '<span class="fail">failed</span>'} ${escape(path.description)} (${path.events.length} steps)</summary><ol>${path.events
          .map((event) => `<li><code>${escape(event)}</code></li>`)
          .join('')}</ol></details>`,
    )
    .join('')
  return `<h3>${title} (${paths.length})</h3>${items}`
}

export function machinePage(report: MachineReport): string {
  const { figures, thresholds, runs } = report
  const coverage = (id: string): EdgeCoverage => {
    const row = report.transitions.find((transition) => transition.id === id)
    if (row?.browser) return 'browser'
    return row?.machine ? 'machine' : 'none'
  }
  const summary = `<table><tr><th></th><th>machine run</th><th>browser run</th><th>threshold</th></tr>
<tr><th>states</th><td>${figureText(figures.machineStates)}</td><td>${figureText(figures.browserStates)}</td><td>${thresholds.states} %</td></tr>
<tr><th>transitions</th><td>${figureText(figures.machineTransitions)}</td><td>${figureText(figures.browserTransitions)}</td><td>${thresholds.transitions} %</td></tr>
<tr><th>transitions with an on-screen cause</th><td></td><td>${figureText(figures.browserOnScreen)}</td><td>${thresholds.browser} %</td></tr></table>`
  const result =
    report.failures.length === 0
      ? '<p class="ok">Meets its thresholds.</p>'
      : `<p class="fail">Below its thresholds: ${escape(report.failures.join('; '))}</p>`
  const states = report.states
    .map(
      (state) =>
        `<tr><td><code>${escape(state.id)}</code></td><td>${mark(state.machine)}</td><td>${mark(state.browser)}</td><td>${escape(state.check)}</td></tr>`,
    )
    .join('')
  const transitions = report.transitions
    .map((transition, index) => {
      const onScreen =
        'cause' in transition.onScreen
          ? escape(transition.onScreen.cause)
          : `<em>no on-screen cause:</em> ${escape(transition.onScreen.none)}`
      const target = transition.targets.join(', ') || '(stays)'
      return `<tr><td>${index + 1}</td><td><code>${escape(transition.source)}</code></td><td><code>${escape(transition.label)}</code></td><td><code>${escape(target)}</code></td><td>${mark(transition.machine)}</td><td>${mark(transition.browser)}</td><td>${onScreen}</td></tr>`
    })
    .join('')
  const offScreen = report.transitions
    .map((transition, index) =>
      'none' in transition.onScreen
        ? `<li>${index + 1}. <code>${escape(transition.source)} —${escape(transition.label)}→ ${escape(transition.targets.join(', ') || '(stays)')}</code>: ${escape(transition.onScreen.none)}</li>`
        : '',
    )
    .join('')
  const walk = runs.machine?.walk
  const walkText = walk
    ? `<p>${walk.runs} random sequences, ${walk.steps} events in all. ${
        walk.failure
          ? `<span class="fail">Failed; replay with <code>npm run test:model -- --replay ${escape(walk.failure)}</code></span>`
          : '<span class="ok">Every invariant held.</span>'
      }</p><ul>${walk.invariants.map((name) => `<li>${escape(name)}</li>`).join('')}</ul>`
    : '<p>Not run.</p>'
  return page(
    report.title,
    `<p><a href="index.html">All machines</a></p><h1>${escape(report.title)}</h1>${result}${summary}
<h2>State chart</h2><div class="chart">${stateChart(report.states, report.transitions, (transition) => coverage(transition.id))}</div>
<h2>States</h2><table><tr><th>state</th><th>machine</th><th>browser</th><th>how it is checked on the page</th></tr>${states}</table>
<h2>Transitions</h2><p>Numbered as on the chart.</p><table><tr><th>#</th><th>from</th><th>event [guard]</th><th>to</th><th>machine</th><th>browser</th><th>on-screen cause</th></tr>${transitions}</table>
<h2>Transitions without an on-screen cause</h2>${offScreen ? `<ul>${offScreen}</ul>` : '<p>None.</p>'}
<h2>Random walks and invariants</h2>${walkText}
<h2>Paths</h2>${pathList('Machine run', runs.machine?.paths)}${pathList('Browser run', runs.browser?.paths)}`,
  )
}

export function indexPage(reports: readonly MachineReport[]): string {
  const rows = reports
    .map(
      (report) =>
        `<tr><td><a href="${escape(report.machine)}.html">${escape(report.title)}</a></td><td>${figureText(report.figures.machineStates)}</td><td>${figureText(report.figures.machineTransitions)}</td><td>${figureText(report.figures.browserOnScreen)}</td><td>${figureText(report.figures.browserTransitions)}</td><td>${
          report.failures.length === 0
            ? '<span class="ok">ok</span>'
            : `<span class="fail">${escape(report.failures.join('; '))}</span>`
        }</td></tr>`,
    )
    .join('')
  return page(
    'Machine coverage',
    `<h1>Machine coverage</h1><p>Generated by <code>npm run test:model</code> on ${escape(new Date().toISOString())}.</p>
<table><tr><th>machine</th><th>states (machine run)</th><th>transitions (machine run)</th><th>browser: of on-screen</th><th>browser: of all</th><th>result</th></tr>${rows}</table>`,
  )
}
