import { expect, test, type BrowserContext, type Page } from '@playwright/test'
import type { AxeResults, RunOptions } from 'axe-core'
import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from '../../../src/api/tokens'
import { STEP_UP_PATH } from '../../../src/contract/api-paths'
import type { TokenPair } from '../../../src/contract/auth'
import { createRequire } from 'node:module'

// Shared by every browser test: the seeded demo logins and the way a person signs in.

export const DEMO_PASSWORD = 'Demo-Password-1'

export const demo = {
  admin: 'admin@demo.local',
  orgadmin: 'orgadmin@demo.local',
  staff: 'staff@demo.local',
  auditor: 'auditor@demo.local',
} as const

export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main menu' })

export const breadcrumb = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' })

/** Fills the login form of the page already showing it and waits for the signed-in shell. */
export async function submitLogin(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Email or username').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/**
 * Signs in through /login like a person, Enter submitting the form, and waits until the dashboard
 * holds focus: for the specs about signing in. The others start signed in (signIn).
 */
export async function signInThroughFormByKeyboard(page: Page, email: string) {
  await page.goto('/login')
  await page.getByLabel('Email or username').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD)
  await page.keyboard.press('Enter')
  // scrypt at production cost on a shared CI machine can take a while.
  await expect(sidebar(page)).toBeVisible({ timeout: 30_000 })
  await dashboardHoldsFocus(page)
}

/** As a person waits for the page: the dashboard arrives after the shell and takes focus (focus.ts). */
export async function dashboardHoldsFocus(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => document.querySelector('main')?.contains(document.activeElement)),
    )
    .toBe(true)
}

/** Signs in through /login like a person and waits until the shell's content shows. */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login')
  await submitLogin(page, email, password)
  // The content area, not the sidebar: at ≤1200 px the sidebar is a closed drawer.
  await expect(page.getByTestId('content')).toBeVisible()
}

const TOKEN_PATH = '/auth/v1/token'

/**
 * Opens the console signed in, for the specs that are not about signing in: the token request the
 * form sends, its answer stored where the console keeps its tokens before the first page loads
 * (once per call and tab, so a later sign-out stays signed out), then the page `at` (the
 * dashboard unless told). The form, its page load and its redirect, and the dashboard a test
 * leaves at once, cost CI's browser run more than a minute (decision 080).
 */
export async function signIn(
  page: Page,
  email: string,
  { password = DEMO_PASSWORD, at = '/' }: { password?: string; at?: string } = {},
) {
  await openSignedIn(page, await tokensFor(page, email, password), at)
}

/**
 * signIn's first half: the tokens the form would get, and no page loaded yet. A test that asks the
 * API where to go (a seeded lock's id) asks with them, then opens that page with openSignedIn: the
 * first page it loads is the one it needs, not a dashboard it leaves at once.
 */
export async function tokensFor(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
): Promise<TokenPair> {
  const response = await page.request.post(TOKEN_PATH, { form: { username: email, password } })
  expect(response.ok(), `POST ${TOKEN_PATH} as ${email}: ${response.status()}`).toBe(true)
  const pair = (await response.json()) as Partial<TokenPair>
  expect(pair.access_token, `${email} signs in without a second factor`).toEqual(expect.any(String))
  return pair as TokenPair
}

/** signIn's second half: `tokens` where the console keeps them, then the page `at`. */
export async function openSignedIn(page: Page, tokens: TokenPair, at = '/') {
  await page.addInitScript(
    ({ keys, pair, once }) => {
      if (sessionStorage.getItem(once) !== null) return
      sessionStorage.setItem(once, '1')
      localStorage.setItem(keys.access, pair.access_token)
      localStorage.setItem(keys.refresh, pair.refresh_token)
    },
    {
      keys: { access: ACCESS_TOKEN_KEY, refresh: REFRESH_TOKEN_KEY },
      pair: tokens,
      once: `e2e-signed-in-${randomUUID()}`,
    },
  )
  await page.goto(at)
  await expect(page.getByTestId('content')).toBeVisible({ timeout: 30_000 })
}

/** A request with `token` (null: none); a 2xx answer's body (null for 204). */
export async function apiAs<T>(
  page: Page,
  token: string | null,
  method: string,
  path: string,
  json?: unknown,
): Promise<T> {
  const response = await page.request.fetch(path, {
    method,
    headers: { Authorization: `Bearer ${token}` },
    ...(json === undefined ? {} : { data: json }),
  })
  expect(response.ok(), `${method} ${path}: ${response.status()}`).toBe(true)
  return (response.status() === 204 ? null : await response.json()) as T
}

/** signIn, then waits as a keyboard user does until the dashboard holds focus. */
export async function signInByKeyboard(page: Page, email: string) {
  await signIn(page, email)
  await dashboardHoldsFocus(page)
}

/** The account menu's theme switch, and the page in the dark theme once it settles. */
export async function useDarkTheme(page: Page) {
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Switch to dark theme' }).click()
  await expect(page.locator('html')).toHaveCSS('color-scheme', 'dark')
}

export async function signOut(page: Page) {
  await page.getByTestId('sidebar').getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/login/)
}

/**
 * A fresh check by password through the API, as the console's "Confirm it is you" dialog does: a
 * decisive action (a lockdown's release) needs one within 5 minutes of the server's clock
 * (decision 077). Stores the new pair where the page keeps its tokens.
 */
export async function stepUpByPassword(page: Page, password = DEMO_PASSWORD) {
  const { access } = await storedTokens(page)
  const response = await page.request.post(STEP_UP_PATH, {
    headers: { Authorization: `Bearer ${access}` },
    data: { method: 'password', password },
  })
  expect(response.ok(), `POST ${STEP_UP_PATH}: ${response.status()}`).toBe(true)
  const pair = (await response.json()) as { access_token: string; refresh_token: string }
  await page.evaluate((tokens) => {
    localStorage.setItem('access_token', tokens.access_token)
    localStorage.setItem('refresh_token', tokens.refresh_token)
  }, pair)
}

export async function storedTokens(page: Page) {
  return page.evaluate(() => ({
    access: localStorage.getItem('access_token'),
    refresh: localStorage.getItem('refresh_token'),
  }))
}

/**
 * Gives the calling test three times the usual time: axe analyses whole pages, and a test that
 * scans several screens in both themes took 35–57 s of its 60 s on a loaded 2-core machine.
 */
export function allowAxeTime() {
  test.slow()
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

/** axe: no serious or critical violations on what the page shows now. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // A theme switch blends colours for 120 ms: axe must judge the settled page, not a mid-transition
  // mix of both themes (an endless animation, the loading bar, has nothing to wait for).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
  // axe-core run in the page itself. @axe-core/playwright's analyze() opened a second page for every
  // call to merge the results of frames, which this console has none of: twice the time per check
  // for the same rules and the same violations (decision 080).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const options: RunOptions = { resultTypes: ['violations'] }
  const results = await page.evaluate(
    (runOptions) =>
      (window as unknown as { axe: { run: (o: RunOptions) => Promise<AxeResults> } }).axe.run(
        runOptions,
      ),
    options,
  )
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
  expect(
    serious.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([])
}

/**
 * Drops the connection and brings it back, as a laptop waking up does: every open tab sees
 * `offline` and then `online`, so React Query refetches its active queries (requirements R4.5).
 * Each step waits until every tab has seen it: toggled back to back, a busy renderer can coalesce
 * the two into no change at all and nothing would be refetched.
 */
export async function reconnect(context: BrowserContext) {
  const tabs = context.pages()
  await context.setOffline(true)
  for (const tab of tabs) await expect.poll(() => tab.evaluate(() => navigator.onLine)).toBe(false)
  await context.setOffline(false)
  for (const tab of tabs) await expect.poll(() => tab.evaluate(() => navigator.onLine)).toBe(true)
}
