import { expect, test } from './test'
import { createActor } from 'xstate'
import { inputsOf, onScreenReason } from '../../model/kit/adapter'
import type { AnyBrowserAdapter } from '../../model/kit/browser'
import { activeStates, transitionsTaken } from '../../model/kit/graph'
import { pathText, transitionPaths, withoutPrefixes } from '../../model/kit/paths'
import { writeRun, type PathRecord } from '../../model/kit/report-files'
import { emptyCovered } from '../../model/kit/run'
import { adapters } from '../../model/registry'

/**
 * A machine whose screens exist, replayed in Chromium against the real server: one shortest path
 * per transition, using only steps the adapter can cause on screen, less the paths another path
 * starts with (it takes their transitions too). After each step the page must show the state the
 * machine is in. Coverage goes to reports/model/ (npm run test:model). Called by the spec that
 * owns the server the machine's paths may change (model-replay.spec.ts for the shared one).
 */
export function replayInChromium(browser: AnyBrowserAdapter) {
  const adapter = adapters.find(({ name }) => name === browser.name)
  if (adapter === undefined) throw new Error(`No model adapter named ${browser.name}`)
  const inputs = inputsOf(adapter)
  const perTransition = [
    ...transitionPaths(
      adapter,
      (snapshot, event) => onScreenReason(adapter, event, snapshot) === null,
    ).values(),
  ]
  const paths = withoutPrefixes(perTransition)
  const covered = emptyCovered()
  const records: PathRecord[] = []

  test.describe(`${adapter.name} machine in Chromium`, () => {
    test.describe.configure({ mode: 'serial' })

    test.afterAll(() => {
      writeRun({
        machine: adapter.name,
        run: 'browser',
        states: [...covered.states],
        transitions: [...covered.transitions],
        paths: records,
      })
    })

    test.afterEach(async ({ page }) => {
      await browser.cleanup?.(page)
    })

    for (const path of paths) {
      test(`${path.description}: ${pathText(path)}`, async ({ page }) => {
        const record = {
          description: path.description,
          events: path.events.map((event) => String(event.type)),
          passed: false,
        }
        records.push(record)
        await browser.prepare?.(page, path.events, inputs[path.input])
        const model = createActor(adapter.machine, { input: inputs[path.input] }).start()
        for (const id of activeStates(adapter.machine, model.getSnapshot())) covered.states.add(id)
        for (const [index, sample] of path.events.entries()) {
          const event = adapter.vary ? adapter.vary(sample, index) : sample
          const before = model.getSnapshot()
          const taken = transitionsTaken(adapter.machine, before, event)
          await browser.perform(page, { event, next: path.events[index + 1], before })
          model.send(event)
          await browser.expectState(page, model.getSnapshot())
          for (const id of taken) covered.transitions.add(id)
          for (const id of activeStates(adapter.machine, model.getSnapshot()))
            covered.states.add(id)
        }
        record.passed = true
      })
    }

    test(`takes at least ${adapter.thresholds.browser} % of the transitions with an on-screen cause`, () => {
      const missing = perTransition
        .map(({ transition }) => transition ?? '')
        .filter((id) => !covered.transitions.has(id))
      const taken = perTransition.length - missing.length
      const share = (100 * taken) / Math.max(perTransition.length, 1)
      expect(share, missing.join(', ')).toBeGreaterThanOrEqual(adapter.thresholds.browser)
    })
  })
}
