import { spawnSync } from 'node:child_process'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { readReplay } from '../tests/model/kit/random-walk'
import { machineReport, summaryTable } from '../tests/model/kit/report'
import { indexPage, machinePage } from '../tests/model/kit/report-html'
import { readRun, REPORT_DIR } from '../tests/model/kit/report-files'
import { runEvents } from '../tests/model/kit/run'
import { adapters } from '../tests/model/registry'

// npm run test:model [-- --no-browser | --replay <file>]: every machine's generated paths and
// random walks (vitest), their browser replay (Playwright), then the report in reports/model/.

function run(command: string) {
  console.log(`\n$ ${command}`)
  return spawnSync(command, { shell: true, stdio: 'inherit' }).status === 0
}

function replay(file: string) {
  const saved = readReplay(file)
  const adapter = adapters.find(({ name }) => name === saved.machine)
  if (adapter === undefined)
    throw new Error(`No machine named ${saved.machine} in tests/model/registry.ts`)
  console.log(`${adapter.title}, input ${JSON.stringify(saved.input)}`)
  const result = runEvents(adapter, saved.input, saved.events)
  for (const [index, step] of result.steps.entries()) {
    console.log(`${String(index + 1).padStart(3)}. ${step.event.padEnd(28)} → ${step.state}`)
  }
  if (result.violation === null) {
    console.log(`Every invariant holds now ("${saved.invariant}" broke when this was written).`)
    return true
  }
  const { invariant, step } = result.violation
  console.log(`Broken after step ${step + 1}: ${invariant}`)
  return false
}

function main(args: string[]) {
  const at = args.indexOf('--replay')
  if (at >= 0) {
    const file = args[at + 1]
    if (file === undefined) throw new Error('--replay needs a file')
    return replay(file)
  }
  rmSync(join(REPORT_DIR, 'runs'), { recursive: true, force: true })
  const machineRun = run('npx vitest run tests/model')
  const skipBrowser = args.includes('--no-browser')
  const browserRun =
    skipBrowser ||
    run(
      'bash scripts/ensure-chromium.sh && npx vite build && npx playwright test tests/e2e/model-replay.spec.ts tests/e2e/lockdown.spec.ts',
    )
  mkdirSync(REPORT_DIR, { recursive: true })
  const reports = adapters.map((adapter) =>
    machineReport(
      adapter,
      { machine: readRun(adapter.name, 'machine'), browser: readRun(adapter.name, 'browser') },
      !skipBrowser,
    ),
  )
  for (const report of reports) {
    writeFileSync(
      join(REPORT_DIR, `${report.machine}.json`),
      `${JSON.stringify(report, null, 2)}\n`,
    )
    writeFileSync(join(REPORT_DIR, `${report.machine}.html`), machinePage(report))
  }
  writeFileSync(join(REPORT_DIR, 'index.html'), indexPage(reports))
  console.log(`\n${summaryTable(reports)}\n\nReport: ${join(REPORT_DIR, 'index.html')}`)
  return machineRun && browserRun && reports.every((report) => report.failures.length === 0)
}

process.exitCode = main(process.argv.slice(2)) ? 0 : 1
