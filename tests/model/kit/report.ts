import { createActor } from 'xstate'
import { onScreenReason, inputsOf, type AnyModelAdapter } from './adapter'
import { statesOf, transitionsOf, type MachineState, type MachineTransition } from './graph'
import { transitionPaths } from './paths'
import type { RunFile } from './report-files'

// One machine's figures for the report and the printed table, from its adapter and its run files.

export type Figure = { covered: number; total: number; percent: number }

export type TransitionRow = MachineTransition & {
  machine: boolean
  browser: boolean
  /** The adapter's words for what causes it on screen, or why nothing does. */
  onScreen: { cause: string } | { none: string }
}

export type StateRow = MachineState & { machine: boolean; browser: boolean; check: string }

export type MachineReport = {
  machine: string
  title: string
  thresholds: AnyModelAdapter['thresholds']
  states: StateRow[]
  transitions: TransitionRow[]
  figures: {
    machineStates: Figure
    machineTransitions: Figure
    browserStates: Figure
    browserTransitions: Figure
    /** Of the transitions that have an on-screen cause. */
    browserOnScreen: Figure
  }
  runs: { machine: RunFile | null; browser: RunFile | null }
  /** Failures against the thresholds, in words; empty when the machine passes. */
  failures: string[]
}

const figure = (covered: number, total: number): Figure => ({
  covered,
  total,
  percent: total === 0 ? 100 : Math.floor((1000 * covered) / total) / 10,
})

function causeText(adapter: AnyModelAdapter, event: string) {
  const cause = adapter.causes[event]
  if (cause === undefined) return 'no cause declared'
  return 'none' in cause ? cause.none : cause.cause
}

/**
 * Why a transition has no on-screen path: the first step of its shortest machine path that cannot
 * be caused on screen, with the adapter's reason.
 */
function whyNotOnScreen(adapter: AnyModelAdapter, transition: string): string {
  const path = transitionPaths(adapter).get(transition)
  if (path === undefined) return 'unreachable with the adapter’s sample events'
  const actor = createActor(adapter.machine, { input: inputsOf(adapter)[path.input] }).start()
  try {
    for (const event of path.events) {
      const reason = onScreenReason(adapter, event, actor.getSnapshot())
      if (reason !== null) return `${String(event.type)}: ${reason}`
      actor.send(event)
    }
  } finally {
    actor.stop()
  }
  return 'every step has an on-screen cause, but no browser path reached it'
}

/** `browserRan` false: the browser run was skipped on purpose, so its threshold is not applied. */
export function machineReport(
  adapter: AnyModelAdapter,
  runs: { machine: RunFile | null; browser: RunFile | null },
  browserRan = true,
): MachineReport {
  const states = statesOf(adapter.machine)
  const transitions = transitionsOf(adapter.machine)
  const onScreen = transitionPaths(
    adapter,
    (snapshot, event) => onScreenReason(adapter, event, snapshot) === null,
  )
  const machineStates = new Set(runs.machine?.states)
  const machineTransitions = new Set(runs.machine?.transitions)
  const browserStates = new Set(runs.browser?.states)
  const browserTransitions = new Set(runs.browser?.transitions)
  const stateRows = states.map((state) => ({
    ...state,
    machine: machineStates.has(state.id),
    browser: browserStates.has(state.id),
    check: adapter.states[state.id] ?? 'not described',
  }))
  const transitionRows = transitions.map((transition) => ({
    ...transition,
    machine: machineTransitions.has(transition.id),
    browser: browserTransitions.has(transition.id),
    onScreen: onScreen.has(transition.id)
      ? { cause: causeText(adapter, transition.event) }
      : { none: whyNotOnScreen(adapter, transition.id) },
  }))
  const count = <T>(rows: T[], test: (row: T) => boolean) => rows.filter(test).length
  const figures = {
    machineStates: figure(
      count(stateRows, (row) => row.machine),
      states.length,
    ),
    machineTransitions: figure(
      count(transitionRows, (row) => row.machine),
      transitions.length,
    ),
    browserStates: figure(
      count(stateRows, (row) => row.browser),
      states.length,
    ),
    browserTransitions: figure(
      count(transitionRows, (row) => row.browser),
      transitions.length,
    ),
    browserOnScreen: figure(
      count(transitionRows, (row) => row.browser && 'cause' in row.onScreen),
      onScreen.size,
    ),
  }
  const failures: string[] = []
  const { thresholds } = adapter
  if (runs.machine === null) failures.push('no machine run')
  if (figures.machineStates.percent < thresholds.states)
    failures.push(`states ${figures.machineStates.percent} % < ${thresholds.states} %`)
  if (figures.machineTransitions.percent < thresholds.transitions)
    failures.push(
      `transitions ${figures.machineTransitions.percent} % < ${thresholds.transitions} %`,
    )
  if (runs.machine?.paths.some((path) => !path.passed)) failures.push('a machine path failed')
  if (runs.machine?.walk?.failure) failures.push(`random walk failed: ${runs.machine.walk.failure}`)
  if (runs.browser?.paths.some((path) => !path.passed)) failures.push('a browser path failed')
  if (browserRan && figures.browserOnScreen.percent < thresholds.browser)
    failures.push(`browser ${figures.browserOnScreen.percent} % < ${thresholds.browser} %`)
  return {
    machine: adapter.name,
    title: adapter.title,
    thresholds,
    states: stateRows,
    transitions: transitionRows,
    figures,
    runs,
    failures,
  }
}

const cell = ({ covered, total, percent }: Figure) => `${covered}/${total} (${percent} %)`

/** The table `npm run test:model` prints. */
export function summaryTable(reports: readonly MachineReport[]): string {
  const header = ['machine', 'states covered', 'transitions covered', 'browser-covered', 'result']
  const rows = reports.map((report) => [
    report.machine,
    cell(report.figures.machineStates),
    cell(report.figures.machineTransitions),
    `${cell(report.figures.browserOnScreen)} of on-screen; ${report.figures.browserTransitions.covered}/${report.figures.browserTransitions.total} of all`,
    report.failures.length === 0 ? 'ok' : `FAIL: ${report.failures.join('; ')}`,
  ])
  const widths = header.map((title, index) =>
    Math.max(title.length, ...rows.map((row) => row[index].length)),
  )
  const line = (row: string[]) => row.map((text, index) => text.padEnd(widths[index])).join(' │ ')
  return [
    line(header),
    widths.map((width) => '─'.repeat(width)).join('─┼─'),
    ...rows.map(line),
  ].join('\n')
}
