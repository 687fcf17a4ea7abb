import {
  test as base,
  type BrowserContext,
  type CDPSession,
  type Disposable,
  type Page,
} from '@playwright/test'
import { clockPort, expiryPort, importPort } from './expiry-server'

export { expect } from '@playwright/test'

/**
 * The browser tests' `test`: one tab per worker, handed from test to test, instead of a new
 * context and tab for each (decision 093). A new tab starts a renderer process and compiles the
 * console again, about 0.7 s of a core a test on CI's two cores, more than the page load itself.
 *
 * What a test may leave behind is put back before the next one starts: the tab leaves the console
 * for the server's /health (same site, same process, so the next load finds the code compiled),
 * and cookies and every test server's local storage are cleared; init scripts, routes, listeners,
 * extra tabs, the network, the viewport, media emulation and the mouse are reset. A test that
 * fails closes the tab's context, so Playwright keeps its page snapshot and the next test starts
 * in a new one. Tests that need what cannot be put back (a page clock, a virtual authenticator)
 * use Playwright's own `test` and a fresh context.
 */

const mainPort = Number(process.env.E2E_PORT ?? 8181)
const origins = [mainPort, expiryPort(mainPort), importPort(mainPort), clockPort(mainPort)].flatMap(
  (port) => [`http://127.0.0.1:${port}`, `http://localhost:${port}`],
)

/** Events a test may listen to on its page or context: their listeners end with the test. */
const testEvents = [
  'console',
  'dialog',
  'download',
  'filechooser',
  'framenavigated',
  'load',
  'pageerror',
  'popup',
  'request',
  'requestfailed',
  'requestfinished',
  'response',
] as const

interface Tab {
  /** The context options it was opened with: a test that uses others gets a tab of its own. */
  key: string
  context: BrowserContext
  page: Page
  cdp: CDPSession
}

async function reset(tab: Tab, viewport: { width: number; height: number } | null) {
  const { context, page, cdp } = tab
  for (const other of context.pages()) if (other !== page) await other.close()
  await context.unrouteAll({ behavior: 'ignoreErrors' })
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  for (const event of testEvents) {
    page.removeAllListeners(event)
    context.removeAllListeners(event)
  }
  await context.setOffline(false)
  const at = page.url()
  await page.goto(new URL('/health', at.startsWith('http') ? at : origins[0]).href)
  await context.clearCookies()
  for (const origin of origins) {
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'local_storage' })
  }
  if (viewport !== null) await page.setViewportSize(viewport)
  await page.emulateMedia({ media: null, colorScheme: null, reducedMotion: null })
  await page.mouse.move(-1, -1)
}

export const test = base.extend<{ tabKey: string }, { tab: { current: Tab | null } }>({
  // The options a test can change with test.use in this suite; Playwright gives a context opened
  // during a test all of the test's options (its runBeforeCreateBrowserContext).
  tabKey: async (
    { baseURL, locale, timezoneId, permissions, viewport, colorScheme, contextOptions },
    use,
  ) => {
    await use(
      JSON.stringify([
        baseURL,
        locale,
        timezoneId,
        permissions,
        viewport,
        colorScheme,
        contextOptions,
      ]),
    )
  },
  tab: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
    async ({}, use) => {
      const holder: { current: Tab | null } = { current: null }
      await use(holder)
      await holder.current?.context.close()
    },
    { scope: 'worker' },
  ],
  context: async ({ browser, tab, tabKey, viewport }, use, testInfo) => {
    if (tab.current?.key !== tabKey) {
      await tab.current?.context.close()
      const context = await browser.newContext()
      const page = await context.newPage()
      tab.current = { key: tabKey, context, page, cdp: await context.newCDPSession(page) }
    }
    const { context, page } = tab.current
    // Init scripts would run on every later load of the tab: each ends with its test.
    const scripts: Disposable[] = []
    const addInitScript = page.addInitScript.bind(page)
    page.addInitScript = (async (...args: Parameters<Page['addInitScript']>) => {
      const script = await addInitScript(...args)
      scripts.push(script)
      return script
    }) as Page['addInitScript']
    await use(context)
    page.addInitScript = addInitScript
    for (const script of scripts) await script.dispose()
    if (testInfo.status !== testInfo.expectedStatus || page.isClosed()) {
      await context.close()
      tab.current = null
      return
    }
    await reset(tab.current, viewport)
  },
  page: async ({ context }, use) => {
    const [page] = context.pages()
    await use(page)
  },
})
