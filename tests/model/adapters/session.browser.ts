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
import {
  createEnrollee,
  createEnrolleeUnderPolicy,
  enrolTotp,
  shownSecret,
  totpCode,
} from '../../e2e/helpers/mfa'
import type { BrowserAdapter, BrowserStep } from '../kit/browser'

// The session machine on screen: user events become clicks, server events are what the real server
// answers (or a routed /me answer), and each state is checked on the page.

type Snapshot = SnapshotFrom<typeof sessionMachine>

/**
 * Who signs in on a path: the org admin, whose demo login cannot enrol; a new person with the
 * authenticator app for the paths through the factor step; a new person whose organization
 * requires a factor for the paths through enrolment.
 */
type Person = { email: string; password: string; secret: string | null; recoveryCodes: string[] }
const orgAdmin: Person = {
  email: demo.orgadmin,
  password: DEMO_PASSWORD,
  secret: null,
  recoveryCodes: [],
}
let person = orgAdmin
// The app lets each 30-second step in once, and the enrolment spent this one: the next step's code
// signs in once, a recovery code after that.
let appCodeUsed = false

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

async function choosePerson(page: Page, events: readonly SessionEvent[]): Promise<Person> {
  const name = `replay${Date.now() % 1_000_000_000}`
  if (events.some((event) => event.type === 'session.signIn.enrolmentRequired'))
    return {
      ...(await createEnrolleeUnderPolicy(page.request, name, {
        required_for: ['users:read:org'],
        passwordless_passkeys: false,
      })),
      secret: null,
      recoveryCodes: [],
    }
  if (events.some((event) => event.type === 'session.signIn.factorRequired')) {
    const enrollee = await createEnrollee(page.request, name)
    return { ...enrollee, ...(await enrolTotp(page.request, enrollee)) }
  }
  return orgAdmin
}

async function prepare(page: Page, events: readonly SessionEvent[]) {
  person = await choosePerson(page, events)
  appCodeUsed = false
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
      challenge_expired: 'The sign-in took too long. Please enter your password again.',
    }
    const error = snapshot.context.error
    if (error === 'credentials' || error === 'expired' || error === 'challenge_expired')
      await expect(page.getByText(messages[error])).toBeVisible()
    expect(await storedTokens(page)).toEqual({ access: null, refresh: null })
  } else if (snapshot.matches('secondFactorRequired')) {
    await expect(page.getByRole('heading', { name: 'Second factor' })).toBeVisible()
    await expect(page.getByLabel('Code', { exact: true })).toHaveAttribute(
      'autocomplete',
      'one-time-code',
    )
    if (snapshot.context.error === 'factor')
      await expect(page.getByText('That code is not right. Try again.')).toBeVisible()
    expect(await storedTokens(page)).toEqual({ access: null, refresh: null })
  } else if (snapshot.matches('enrolmentRequired')) {
    await expect(page.getByRole('heading', { name: 'Set up a second factor' })).toBeVisible()
    await expect(page.getByTestId('sidebar')).toHaveCount(0)
    expect(await storedTokens(page)).toEqual({ access: null, refresh: null })
  } else if (snapshot.matches('profileFailed')) {
    await expect(
      page.getByRole('heading', { name: 'Your profile could not be loaded.' }),
    ).toBeVisible()
  }
  // restoring, signingIn, checkingFactor, loadingProfile and refreshing pass too quickly to observe.
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

/** The enrol-only token is refused as a lapsed one is (the test sends it altered): 401. */
async function enrolTokenLapses(page: Page) {
  await page.route(
    '**/auth/v1/factors/totp/confirm',
    (route) => {
      const headers = route.request().headers()
      return route.continue({ headers: { ...headers, authorization: `${headers.authorization}x` } })
    },
    { times: 1 },
  )
  await page.getByLabel('Code from the app').fill(totpCode(await shownSecret(page)))
  await page.getByRole('button', { name: 'Confirm' }).click()
}

async function perform(page: Page, { event, next, before }: BrowserStep<typeof sessionMachine>) {
  switch (event.type) {
    case 'session.restore.empty':
      await page.goto('/login')
      return
    case 'session.restore.found': {
      const answer = await page.request.post('/auth/v1/token', {
        form: { username: person.email, password: person.password },
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
      await submitLogin(page, person.email, fails ? 'Wrong-Password-0' : person.password)
      return
    }
    case 'session.factor.submit': {
      if (person.secret === null) throw new Error('a factor step needs a person with the app')
      const code = page.getByLabel('Code', { exact: true })
      if (next?.type === 'session.factor.lapsed') {
        // A challenge the server no longer honours, as one past its minutes is: it answers 401.
        await page.route(
          '**/auth/v1/token/factor',
          (route) => {
            const body = route.request().postDataJSON() as Record<string, unknown>
            return route.continue({
              postData: { ...body, mfa_token: `${String(body.mfa_token)}x` },
            })
          },
          { times: 1 },
        )
      }
      if (next?.type !== 'session.factor.accepted') await code.fill('000000')
      else if (!appCodeUsed) {
        await code.fill(totpCode(person.secret, 1))
        appCodeUsed = true
      } else {
        await page.getByRole('button', { name: 'Use a recovery code' }).click()
        const recovery = person.recoveryCodes.shift()
        if (recovery === undefined) throw new Error('no recovery code left')
        await page.getByLabel('Recovery code').fill(recovery)
      }
      await page.keyboard.press('Enter')
      return
    }
    case 'session.factor.cancel':
      await page.getByRole('button', { name: 'Back to sign in' }).click()
      return
    case 'session.enrolment.completed': {
      const secret = await shownSecret(page)
      await page.getByLabel('Code from the app').fill(totpCode(secret))
      await page.getByRole('button', { name: 'Confirm' }).click()
      await page.getByRole('button', { name: 'I have saved them, continue' }).click()
      return
    }
    case 'session.otherTab.signedIn': {
      const other = await page.context().newPage()
      await other.goto('/login')
      await submitLogin(other, person.email, person.password)
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
      if (before.matches('enrolmentRequired'))
        await page.getByRole('button', { name: 'Sign out' }).click()
      else if (before.matches('profileFailed'))
        await page.getByRole('button', { name: 'Logout' }).click()
      else await page.getByTestId('sidebar').getByRole('button', { name: 'Logout' }).click()
      return
    case 'session.ended':
      if (before.matches('loadingProfile')) await profileRequestHeld
      if (before.matches('enrolmentRequired')) return enrolTokenLapses(page)
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
