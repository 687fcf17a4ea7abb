import { expect, type Page, type Route } from '@playwright/test'
import type { SnapshotFrom } from 'xstate'
import type { doorOverrideMachine } from '../../../machines/door-override.machine'
import { demo, signIn, storedTokens } from '../../e2e/helpers/session'
import type { BrowserAdapter, BrowserStep } from '../kit/browser'

// The override machine on screen, for an org admin on the loading dock (the palette's "unlock
// until" or "keep locked until"): typing, Continue, the confirming button, Change, Try again and
// Escape are keys and clicks in the dialog; the check's read of the door's timeline and the POST of
// the override are held at the network until the path says how the real server answers, or
// answered with the refusal the path names. A path that saves an override ends it after.

type Snapshot = SnapshotFrom<typeof doorOverrideMachine>

const DOCK = 'Loading dock'

/** Requests held until the path answers them, in the order they arrive. */
function gate() {
  const held: Route[] = []
  const waiting: ((route: Route) => void)[] = []
  return {
    hold(route: Route) {
      const waiter = waiting.shift()
      if (waiter) waiter(route)
      else held.push(route)
    },
    next(): Promise<Route> {
      const route = held.shift()
      return route ? Promise.resolve(route) : new Promise((resolve) => waiting.push(resolve))
    },
  }
}

let checks = gate()
let sends = gate()
let doorId: number | null = null

const dialog = (page: Page) => page.getByRole('dialog')

async function prepare(page: Page, _events: unknown, input: { mode: 'locked' | 'unlocked' }) {
  checks = gate()
  sends = gate()
  doorId = null
  await signIn(page, demo.orgadmin)
  // The dialog's first read of the timeline passes; the check's reads are held.
  let reads = 0
  await page.route('**/sbm/v1/doors/*/mode-timeline', (route) => {
    doorId = Number(new URL(route.request().url()).pathname.split('/')[4])
    reads += 1
    return reads === 1 ? route.continue() : checks.hold(route)
  })
  await page.route('**/sbm/v1/doors/*/override', (route) =>
    route.request().method() === 'POST' ? sends.hold(route) : route.continue(),
  )
  await page.keyboard.press('ControlOrMeta+k')
  await page.keyboard.type(
    `${input.mode === 'unlocked' ? 'unlock until' : 'keep locked until'} loading dock`,
  )
  const palette = page.getByRole('dialog', { name: 'Command palette' })
  await expect(palette.getByRole('option').first()).toContainText(DOCK)
  await page.keyboard.press('Enter')
  await expect(dialog(page).getByLabel('Reason')).toBeFocused()
}

async function cleanup(page: Page) {
  if (doorId === null) return
  const door = doorId
  doorId = null
  const { access } = await storedTokens(page)
  await page.request.delete(`/sbm/v1/doors/${door}/override`, {
    headers: { Authorization: `Bearer ${access}`, 'Idempotency-Key': crypto.randomUUID() },
  })
}

const lockdownRefusal = {
  status: 409,
  json: {
    error: 'conflict',
    message: 'Refused: lockdown.',
    rule: 'lockdown',
    params: { scope_name: 'Acme HQ', started_by: demo.admin, started_at: '2027-06-09 10:00' },
  },
}

async function perform(page: Page, { event, before }: BrowserStep<typeof doorOverrideMachine>) {
  switch (event.type) {
    case 'override.edit':
      await dialog(page).getByLabel('Reason').fill(event.value)
      return
    case 'override.submit':
      await dialog(page).getByRole('button', { name: 'Continue' }).click()
      return
    case 'override.checked':
      return (await checks.next()).continue()
    case 'override.refused': {
      if (before.matches('sending'))
        return (await sends.next()).fulfill({
          status: 400,
          json: { error: 'validation', message: 'In the past.', field: 'until', rule: 'invalid' },
        })
      // The server's clock a year on: the end typed is in the past.
      const route = await checks.next()
      const real = await route.fetch()
      const timeline = (await real.json()) as { at: string }
      const later = new Date(Date.parse(timeline.at) + 366 * 86_400_000).toISOString()
      return route.fulfill({ response: real, json: { ...timeline, at: later } })
    }
    case 'override.confirm':
      await dialog(page)
        .getByRole('button', { name: /^(Unlock|Keep locked) until/ })
        .click()
      return
    case 'override.back':
      await dialog(page).getByRole('button', { name: 'Change' }).click()
      return
    case 'override.sent':
      return (await sends.next()).continue()
    case 'override.failed':
      return (await sends.next()).fulfill(lockdownRefusal)
    case 'override.retry':
      await dialog(page).getByRole('button', { name: 'Try again' }).click()
      return
    case 'override.cancel':
      await page.keyboard.press('Escape')
  }
}

async function expectState(page: Page, snapshot: Snapshot) {
  if (snapshot.matches('editing')) {
    await expect(dialog(page).getByLabel('Reason')).toHaveValue(snapshot.context.reason)
    await expect(dialog(page).getByText('The end must be in the future.')).toHaveCount(
      snapshot.context.refusals.until === undefined ? 0 : 1,
    )
  } else if (snapshot.matches('validating')) {
    await expect(dialog(page).getByRole('status', { name: 'Checking…' })).toBeVisible()
  } else if (snapshot.matches('confirming')) {
    await expect(dialog(page)).toContainText(/(Unlocked|Locked) until .*, then/)
    await expect(
      dialog(page).getByRole('button', { name: /^(Unlock|Keep locked) until/ }),
    ).toBeFocused()
  } else if (snapshot.matches('sending')) {
    await expect(dialog(page).getByRole('status', { name: 'Saving…' })).toBeVisible()
  } else if (snapshot.matches('failed')) {
    await expect(dialog(page)).toContainText('Acme HQ')
    await expect(dialog(page).getByRole('button', { name: 'Try again' })).toBeFocused()
  } else {
    await expect(dialog(page)).toHaveCount(0)
  }
}

export const doorOverrideBrowser: BrowserAdapter<typeof doorOverrideMachine> = {
  name: 'door-override',
  prepare,
  perform,
  expectState,
  cleanup,
}
