import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import { EXPIRY_TOKEN_TTL_S, expiryPort } from './helpers/expiry-server'
import { demo, reconnect, sidebar, signIn, storedTokens } from './helpers/session'

// Against the second test server, whose access tokens live a few seconds (playwright.config.ts).
test.use({ baseURL: `http://127.0.0.1:${expiryPort(Number(process.env.E2E_PORT ?? 8181))}` })

const TOKEN_TTL_MS = EXPIRY_TOKEN_TTL_S * 1000

const tiles = (page: Page) => page.getByTestId(/^tile-/)

/** Dashboard tiles show numbers once their queries answered. */
async function expectTilesLoaded(page: Page, count: number) {
  await expect(tiles(page)).toHaveCount(count)
  for (const tile of await tiles(page).all()) await expect(tile).toContainText(/\d/)
}

test('many requests after expiry, in three tabs, share exactly one refresh', async ({
  context,
  page,
}) => {
  // The lockdown banner asks every 5 s, which would renew each tab's 5 s token before it expires;
  // held off here, the tokens do expire and the tiles' requests meet it together.
  await context.route('**/sbm/v1/lockdowns?*', (route) => route.abort())
  await signIn(page, demo.admin)
  const tabs = [page, await context.newPage(), await context.newPage()]
  for (const tab of tabs.slice(1)) await tab.goto('/')
  for (const tab of tabs) await expectTilesLoaded(tab, 3)

  // Let every tab's access token expire, then make all of them refetch at once: coming back online
  // refetches every active query (requirements R4.5), 3 tiles in each of 3 tabs. Counting starts
  // only now, so refreshes during the (possibly slow) setup are not counted.
  await page.waitForTimeout(TOKEN_TTL_MS + 1000)
  // A rotation's mark lasts a minute (src/api/refresh.ts): marks of refreshes during the setup are
  // still held, and are not counted either.
  const marksOf = async (tab: Page) =>
    tab.evaluate(async () =>
      ((await navigator.locks.query()).held ?? [])
        .map((lock) => lock.name ?? '')
        .filter((name) => name.startsWith('access-console-token-refresh:rotated:')),
    )
  const setupMarks = new Set(await marksOf(page))
  const calls = { refresh: 0, unauthorized: 0, listed: 0 }
  context.on('response', (response) => {
    const url = response.url()
    if (url.endsWith('/auth/v1/token/refresh')) calls.refresh += 1
    else if (response.status() === 401) calls.unauthorized += 1
    else if (/\/(org|sbm)\/v1\/.+\?/.test(url) && response.ok()) calls.listed += 1
  })
  await reconnect(context)

  await expect.poll(() => calls.listed, { timeout: 15_000 }).toBeGreaterThanOrEqual(9)
  console.log(
    `after expiry: ${calls.unauthorized} answers 401, ${calls.refresh} refresh call, ${calls.listed} lists reloaded`,
  )
  expect(calls.unauthorized).toBeGreaterThanOrEqual(2)
  expect(calls.refresh).toBe(1)
  for (const tab of tabs) {
    await expect(sidebar(tab)).toBeVisible()
    expect(new URL(tab.url()).pathname).toBe('/')
    const tokens = await storedTokens(tab)
    expect(tokens.access).not.toBeNull()
    expect(tokens.refresh).not.toBeNull()
    // The tab that rotated the refresh token marks it with a lock that every tab sees at once, so
    // none sends it again while the new pair is still on its way (src/api/refresh.ts).
    const marks = await marksOf(tab)
    expect(marks.filter((name) => !setupMarks.has(name))).toHaveLength(1)
  }
})

test('a revoked refresh token ends the session and empties storage', async ({ page, request }) => {
  await signIn(page, demo.staff)
  await expectTilesLoaded(page, 3)
  const { refresh } = await storedTokens(page)
  // Using the token elsewhere rotates it: the browser's copy is now a replay, which the server
  // refuses (and revokes the whole family).
  const stolen = await request.post('/auth/v1/token/refresh', { data: { refresh_token: refresh } })
  expect(stolen.ok()).toBe(true)

  await page.waitForTimeout(TOKEN_TTL_MS + 1000)
  await reconnect(page.context())

  await expect(page).toHaveURL(/\/login/)
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible()
  expect(await storedTokens(page)).toEqual({ access: null, refresh: null })
})

test('a reload after expiry refreshes once and stays signed in', async ({ page }) => {
  await signIn(page, demo.orgadmin)
  let refreshes = 0
  page.on('request', (request) => {
    if (request.url().endsWith('/auth/v1/token/refresh')) refreshes += 1
  })
  await page.waitForTimeout(TOKEN_TTL_MS + 1000)
  await page.reload()
  await expect(page.getByTestId('greeting')).toContainText('Otto')
  await expectTilesLoaded(page, 3)
  expect(refreshes).toBe(1)
})
