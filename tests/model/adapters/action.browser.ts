import { expect, type Page } from '@playwright/test'
import { createActor, type SnapshotFrom } from 'xstate'
import { actionMachine, type ActionEvent } from '../../../machines/action.machine'
import { commandable, seededLocks } from '../../e2e/helpers/locks'
import { demo, openSignedIn, tokensFor } from '../../e2e/helpers/session'
import type { BrowserAdapter, BrowserStep } from '../kit/browser'

// The action machine on screen, hosting device commands: requests, confirmations and Ok are clicks on a seeded,
// connected smart lock's page; the server's answers are real (200) or routed (409, or held past
// the answer timer so the page shows "sent — waiting for the device" until the path answers).

type Snapshot = SnapshotFrom<typeof actionMachine>
type Answer = { status: 'ok' | 'fail'; slow: boolean } | 'never'

const labels: Record<string, string> = {
  'device.lock': 'Lock',
  'device.unlock': 'Unlock',
  'device.force_unlock': 'Force unlock',
  'device.calibrate': 'Calibrate',
}

// Set per path by prepare: the lock on screen and the release of a held (slow) answer.
let lockName = ''
let releaseHeld = () => {}

/** What each command the path sends must be answered with, in order. */
function answersOf(events: readonly ActionEvent[]): Answer[] {
  const model = createActor(actionMachine).start()
  const answers: Answer[] = []
  for (const event of events) {
    const before = model.getSnapshot()
    model.send(event)
    const after = model.getSnapshot()
    // A send is each entry into running; it stays unanswered ('never') unless an answer follows.
    if (!before.matches('running') && after.matches('running')) answers.push('never')
    const answered = event.type === 'action.succeeded' || event.type === 'action.failed'
    if (answered && (before.matches('running') || before.matches('awaitingOutcome'))) {
      answers[answers.length - 1] = {
        status: event.type === 'action.succeeded' ? 'ok' : 'fail',
        slow: before.matches('awaitingOutcome'),
      }
    }
  }
  model.stop()
  return answers
}

async function prepare(page: Page, events: readonly ActionEvent[]) {
  const answers = answersOf(events)
  // The lock's page is the first one loaded: its id comes from the API before any page.
  const tokens = await tokensFor(page, demo.admin)
  const lock = (await seededLocks(page, tokens.access_token)).find(commandable)
  if (!lock) throw new Error('The seed has no connected lock that can force-unlock')
  lockName = lock.name
  await page.route('**/access/v1/devices/*/control/*', async (route) => {
    const answer = answers.shift() ?? 'never'
    if (answer === 'never' || answer.slow) {
      await new Promise<void>((resolve) => (releaseHeld = resolve))
      if (answer === 'never') return
    }
    if (answer.status === 'ok') return route.continue()
    return route.fulfill({
      status: 409,
      json: { error: 'device_not_connected', message: 'Device is not connected.' },
    })
  })
  await openSignedIn(page, tokens, `/devices/view/${lock.device_id}`)
  await expect(page.getByRole('heading', { level: 1, name: lockName })).toBeVisible()
}

const dialog = (page: Page) => page.getByRole('dialog')

async function perform(page: Page, { event, before }: BrowserStep<typeof actionMachine>) {
  switch (event.type) {
    case 'action.request':
      await page
        .getByRole('button', { name: labels[event.action] ?? event.action, exact: true })
        .click()
      return
    case 'action.confirm':
      await dialog(page)
        .getByRole('button', { name: /^Send |^I understand, continue$/ })
        .click()
      return
    case 'action.confirmAgain':
      await dialog(page).getByRole('button', { name: 'Force unlock now' }).click()
      return
    case 'action.cancel':
      await dialog(page).getByRole('button', { name: 'Cancel' }).click()
      return
    case 'error.dismiss':
      await dialog(page).getByRole('button', { name: 'Ok' }).click()
      return
    case 'action.succeeded':
    case 'action.failed':
      // A held answer is let through now; an immediate one has already arrived.
      if (before.matches('awaitingOutcome')) releaseHeld()
      return
    default:
      // timer.expired: the page's own timer runs out while the answer is held.
      return
  }
}

async function expectState(page: Page, snapshot: Snapshot) {
  const command = snapshot.context.action
  if (snapshot.matches('idle')) {
    await expect(dialog(page)).toHaveCount(0)
  } else if (snapshot.matches('confirming') && command) {
    const asking = page.getByRole('dialog', { name: `${labels[command]}: ${lockName}?` })
    await expect(asking).toBeVisible()
    // A command's first step is reversible: it starts on its confirming button, so Enter sends.
    await expect(
      asking.getByRole('button', { name: /^Send |^I understand, continue$/ }),
    ).toBeFocused()
  } else if (snapshot.matches('confirmingAgain')) {
    const again = page.getByRole('dialog', { name: `Force unlock ${lockName} now?` })
    await expect(again).toBeVisible()
    // The second step starts on Cancel: a second Enter cannot force the lock.
    await expect(again.getByRole('button', { name: 'Cancel' })).toBeFocused()
  } else if (snapshot.matches('awaitingOutcome')) {
    await expect(page.getByText('Sent — no answer yet.').last()).toBeVisible({ timeout: 15_000 })
  } else if (snapshot.matches('succeeded') && command) {
    await expect(dialog(page)).toHaveCount(0)
    await expect(
      page.getByText(`${labels[command]} sent to ${lockName}: done.`).last(),
    ).toBeVisible()
  } else if (snapshot.matches('failed')) {
    await expect(page.getByRole('dialog', { name: 'Ooops, Something went wrong!' })).toContainText(
      'The device is not connected',
    )
  }
  // running passes too quickly to observe.
}

export const actionBrowser: BrowserAdapter<typeof actionMachine> = {
  name: 'action',
  prepare,
  perform,
  expectState,
}
