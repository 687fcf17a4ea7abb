import { expect, type Page } from '@playwright/test'
import { createActor, type SnapshotFrom } from 'xstate'
import {
  deviceCommandMachine,
  type DeviceCommandEvent,
  type DeviceCommandName,
} from '../../../machines/device-command.machine'
import { demo, signIn } from '../../e2e/helpers/session'
import type { BrowserAdapter, BrowserStep } from '../kit/browser'

// The device-command machine on screen: requests, confirmations and Ok are clicks on a seeded,
// connected smart lock's page; the server's answers are real (200) or routed (409, or held past
// the answer timer so the page shows "sent — waiting for the device" until the path answers).

type Snapshot = SnapshotFrom<typeof deviceCommandMachine>
type Answer = { status: 'ok' | 'fail'; slow: boolean } | 'never'

const labels: Record<DeviceCommandName, string> = {
  lock: 'Lock',
  unlock: 'Unlock',
  force_unlock: 'Force unlock',
  calibrate: 'Calibrate',
}

// Set per path by prepare: the lock on screen and the release of a held (slow) answer.
let lockName = ''
let releaseHeld = () => {}

/** What each command the path sends must be answered with, in order. */
function answersOf(events: readonly DeviceCommandEvent[]): Answer[] {
  const model = createActor(deviceCommandMachine, {
    input: {
      deviceId: 1,
      capabilities: ['remotely_lock', 'remotely_force_unlock'],
      connected: true,
      canSend: true,
    },
  }).start()
  const answers: Answer[] = []
  for (const event of events) {
    const before = model.getSnapshot()
    model.send(event)
    const after = model.getSnapshot()
    // A send is each entry into sending; it stays unanswered ('never') unless an answer follows.
    if (!before.matches('sending') && after.matches('sending')) answers.push('never')
    const answered = event.type === 'command.succeeded' || event.type === 'command.failed'
    if (answered && (before.matches('sending') || before.matches('awaitingOutcome'))) {
      answers[answers.length - 1] = {
        status: event.type === 'command.succeeded' ? 'ok' : 'fail',
        slow: before.matches('awaitingOutcome'),
      }
    }
  }
  model.stop()
  return answers
}

async function prepare(page: Page, events: readonly DeviceCommandEvent[]) {
  const answers = answersOf(events)
  await signIn(page, demo.admin)
  const lock = await page.evaluate(async () => {
    const response = await fetch('/sbm/v1/devices?search=Smart%20lock&length=100', {
      headers: { Authorization: `Bearer ${localStorage.getItem('access_token') ?? ''}` },
    })
    const body = (await response.json()) as {
      data: {
        device_id: number
        name: string
        capabilities: string[]
        current_status: { connected: boolean }
      }[]
    }
    return body.data.find(
      (d) => d.current_status.connected && d.capabilities.includes('remotely_force_unlock'),
    )
  })
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
  await page.goto(`/devices/view/${lock.device_id}`)
  await expect(page.getByRole('heading', { level: 1, name: lock.name })).toBeVisible()
}

const dialog = (page: Page) => page.getByRole('dialog')

async function perform(page: Page, { event, before }: BrowserStep<typeof deviceCommandMachine>) {
  switch (event.type) {
    case 'command.request':
      await page.getByRole('button', { name: labels[event.command], exact: true }).click()
      return
    case 'command.confirm':
      await dialog(page)
        .getByRole('button', { name: /^Send |^I understand, continue$/ })
        .click()
      return
    case 'command.confirmForce':
      await dialog(page).getByRole('button', { name: 'Force unlock now' }).click()
      return
    case 'command.cancel':
      await dialog(page).getByRole('button', { name: 'Cancel' }).click()
      return
    case 'error.dismiss':
      await dialog(page).getByRole('button', { name: 'Ok' }).click()
      return
    case 'command.succeeded':
    case 'command.failed':
      // A held answer is let through now; an immediate one has already arrived.
      if (before.matches('awaitingOutcome')) releaseHeld()
      return
    default:
      // timer.expired: the page's own timer runs out while the answer is held.
      return
  }
}

async function expectState(page: Page, snapshot: Snapshot) {
  const command = snapshot.context.command
  if (snapshot.matches('idle')) {
    await expect(dialog(page)).toHaveCount(0)
  } else if (snapshot.matches('confirming') && command) {
    await expect(
      page.getByRole('dialog', { name: `${labels[command]}: ${lockName}?` }),
    ).toBeVisible()
  } else if (snapshot.matches('confirmingForce')) {
    await expect(page.getByRole('dialog', { name: `Force unlock ${lockName} now?` })).toBeVisible()
  } else if (snapshot.matches('awaitingOutcome')) {
    await expect(page.getByText('Sent — waiting for the device')).toBeVisible({ timeout: 15_000 })
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
  // sending passes too quickly to observe.
}

export const deviceCommandBrowser: BrowserAdapter<typeof deviceCommandMachine> = {
  name: 'device-command',
  prepare,
  perform,
  expectState,
}
