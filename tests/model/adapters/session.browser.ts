import { expect, type Page } from '@playwright/test'
import { createActor, type SnapshotFrom } from 'xstate'
import { sessionMachine, type SessionEvent } from '../../../machines/session.machine'
import {
  demo,
  DEMO_PASSWORD,
  reconnect,
  sidebar,
  storedTokens,
  submitLogin,
} from '../../e2e/helpers/session'
import type { BrowserAdapter, BrowserStep } from '../kit/browser'

// The session machine on screen: user events become clicks, server events are what the real server
// answers (or a routed /me answer), and each state is checked on the page.

type Snapshot = SnapshotFrom<typeof sessionMachine>

const EMAIL = demo.orgadmin

// Set per path: resolves once a /me request the path wants held (loading → ended) is in flight.
let profileRequestHeld: Promise<void> = Promise.resolve()

type ProfileAnswer = 'ok' | 'fail' | 'hold'

/** What each /me request must answer, in order: one per time the model enters loadingProfile. */
function profileAnswers(events: readonly SessionEvent[]): ProfileAnswer[] {
  const model = createActor(sessionMachine).start()
  const answers: ProfileAnswer[] = []
  for (const event of events) {
    if (model.getSnapshot().matches('loadingProfile')) {
      if (event.type === 'session.profile.loaded') answers.push('ok')
      if (event.type === 'session.profile.failed') answers.push('fail')
      if (event.type === 'session.ended') answers.push('hold')
    }
    model.send(event)
  }
  return answers
}

async function prepare(page: Page, events: readonly SessionEvent[]) {
  const answers = profileAnswers(events)
  let markHeld = () => {}
  profileRequestHeld = new Promise((resolve) => (markHeld = resolve))
  await page.route('**/org/v1/users/me', async (route) => {
    const answer = answers.shift() ?? 'ok'
    if (answer === 'ok') return route.continue()
    if (answer === 'fail')
      return route.fulfill({ status: 500, json: { error: 'internal', message: 'down' } })
    // Held until the session ended elsewhere; by then the app has cancelled the request.
    markHeld()
    await new Promise((resolve) => setTimeout(resolve, 3000))
    await route.abort().catch(() => undefined)
  })
}

async function expectState(page: Page, snapshot: Snapshot) {
  if (snapshot.matches('signedIn')) {
    await expect(sidebar(page)).toBeVisible()
  } else if (snapshot.matches('signedOut')) {
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    const messages = {
      credentials: 'The username or password you entered is incorrect.',
      expired: 'Your session has ended. Please sign in again.',
    }
    const error = snapshot.context.error
    if (error === 'credentials' || error === 'expired')
      await expect(page.getByText(messages[error])).toBeVisible()
    expect(await storedTokens(page)).toEqual({ access: null, refresh: null })
  } else if (snapshot.matches('profileFailed')) {
    await expect(
      page.getByRole('heading', { name: 'Your profile could not be loaded.' }),
    ).toBeVisible()
  }
  // restoring, signingIn, loadingProfile and refreshing pass too quickly to observe.
}

/** A reconnect does not refetch a query still in flight with the old token: let them all land. */
async function dashboardSettled(page: Page) {
  await expect(page.getByTestId(/^tile-/).first()).toBeVisible()
  for (const tile of await page.getByTestId(/^tile-/).all()) await expect(tile).toContainText(/\d/)
}

async function otherTabLogsOut(page: Page) {
  const other = await page.context().newPage()
  await other.goto('/health')
  await other.evaluate(() => {
    localStorage.removeItem('access_token')
    localStorage.removeItem('refresh_token')
  })
  await other.close()
}

async function perform(page: Page, { event, next, before }: BrowserStep<typeof sessionMachine>) {
  switch (event.type) {
    case 'session.restore.empty':
      await page.goto('/login')
      return
    case 'session.restore.found': {
      const answer = await page.request.post('/auth/v1/token', {
        form: { username: EMAIL, password: DEMO_PASSWORD },
      })
      const pair = (await answer.json()) as { access_token: string; refresh_token: string }
      await page.goto('/login')
      await page.evaluate((tokens) => {
        localStorage.setItem('refresh_token', tokens.refresh_token)
        localStorage.setItem('access_token', tokens.access_token)
      }, pair)
      await page.goto('/')
      return
    }
    case 'session.signIn': {
      const fails = next?.type === 'session.signIn.failed'
      await submitLogin(page, EMAIL, fails ? 'Wrong-Password-0' : DEMO_PASSWORD)
      return
    }
    case 'session.otherTab.signedIn': {
      const other = await page.context().newPage()
      await other.goto('/login')
      await submitLogin(other, EMAIL)
      await expect(sidebar(other)).toBeVisible()
      await other.close()
      return
    }
    case 'session.refresh.started':
      // The access token goes stale while the refresh token stays good: the next requests get
      // 401, one refresh runs and they are retried.
      await dashboardSettled(page)
      await page.evaluate(() => localStorage.setItem('access_token', 'stale'))
      await reconnect(page.context())
      await expect.poll(async () => (await storedTokens(page)).access).not.toBe('stale')
      return
    case 'session.retry':
      await page.getByRole('button', { name: 'Try again' }).click()
      return
    case 'session.signOut':
      if (before.matches('profileFailed'))
        await page.getByRole('button', { name: 'Logout' }).click()
      else await page.getByTestId('sidebar').getByRole('button', { name: 'Logout' }).click()
      return
    case 'session.ended':
      if (before.matches('loadingProfile')) await profileRequestHeld
      // Nothing is requesting now, so the session ends the other way: another tab logs out.
      if (!before.matches('signedIn')) return otherTabLogsOut(page)
      // Tokens the server no longer honours: the next request gets 401, the refresh fails too.
      await dashboardSettled(page)
      await page.evaluate(() => {
        localStorage.setItem('access_token', 'revoked')
        localStorage.setItem('refresh_token', 'revoked')
      })
      await reconnect(page.context())
      return
    default:
      // Answers of the real server (signIn.succeeded/failed, profile.loaded/failed): nothing to do.
      return
  }
}

export const sessionBrowser: BrowserAdapter<typeof sessionMachine> = {
  name: 'session',
  prepare,
  perform,
  expectState,
}
