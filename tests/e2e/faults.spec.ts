import { expect, test as base, type Page } from '@playwright/test'
import { screens } from './helpers/fault-table'
import { faults, SEARCH_FAILED } from './helpers/faults'
import { DEMO_PASSWORD, demo } from './helpers/session'

// Every screen × every fault (docs/faults.md): the user reads what happened, can try again, stays
// signed in, keeps what they typed, and the screen works once the fault is gone.

type Tokens = { access_token: string; refresh_token: string }

// One sign-in per worker: the access token outlives the run, so no test refreshes (and rotates) it.
const test = base.extend<{ signedIn: Page }, { tokens: Tokens }>({
  tokens: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL
      const api = await playwright.request.newContext({ baseURL })
      const response = await api.post('/auth/v1/token', {
        form: { username: demo.admin, password: DEMO_PASSWORD, grant_type: 'password' },
      })
      expect(response.ok()).toBe(true)
      await use((await response.json()) as Tokens)
      await api.dispose()
    },
    { scope: 'worker' },
  ],
  signedIn: async ({ page, tokens }, use) => {
    await page.addInitScript((pair) => {
      localStorage.setItem('access_token', pair.access_token)
      localStorage.setItem('refresh_token', pair.refresh_token)
    }, tokens)
    await use(page)
  },
})

test.describe.configure({ mode: 'parallel' })

// The timeout fault installs a fake clock that stays for the page's life, so it comes last.
const inTurn = [...faults.filter((fault) => !fault.setup), ...faults.filter((fault) => fault.setup)]

// One test a screen, one page for all its faults: each fault is a step of its own (its name in a
// failure), starts from a fresh load of the screen and ends with the screen working again.
for (const screen of screens) {
  test(screen.name, async ({ signedIn: page, context, tokens }) => {
    test.setTimeout(inTurn.length * 60_000)
    for (const fault of inTurn) {
      await test.step(`${screen.name} × ${fault.name}`, async () => {
        const message = screen.kind === 'search' ? SEARCH_FAILED : fault.message
        const shown = page.getByText(message).first()
        await fault.setup?.(page)
        await screen.prepare(page, tokens.access_token)
        // Offline, nothing more loads: every screen's code must be in before the network goes.
        if (fault.name === 'offline') await page.waitForLoadState('networkidle')
        const end = await fault.inject(page, context, screen)
        await screen.act(page)
        await fault.surface?.(page, () => shown.isVisible())

        await expect(shown).toBeVisible()
        // Still signed in, in the shell, on the same screen: no blank page, no logout.
        await expect(page).not.toHaveURL(/\/login/)
        await expect(page.getByTestId('content')).toBeVisible()
        if (screen.kept) await screen.kept(page)

        await end()
        if (!fault.healsItself?.includes(screen.kind)) await screen.retry(page)
        await screen.recovered(page)
      })
    }
  })
}
