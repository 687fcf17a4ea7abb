import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import { demo, expectNoSeriousA11yViolations, signIn } from './helpers/session'
import { tabTo } from './helpers/keyboard'

// What a new user meets first: a page that does not move while it loads (cumulative layout shift
// measured by the page's own PerformanceObserver), a console free of errors, the theme they chose
// from the first frame, and a visible way into the command palette.

type ShiftWindow = Window & { __shifts: { value: number; sources: string[] }[] }

/** Records every layout shift of each document the page loads, from its first frame. */
async function recordLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const target = window as unknown as ShiftWindow
    target.__shifts = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEntry[] & LayoutShiftLike[]) {
        if (entry.hadRecentInput) continue
        target.__shifts.push({
          value: entry.value,
          sources: entry.sources.map((source) => source.node?.nodeName ?? '?'),
        })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

interface LayoutShiftLike {
  value: number
  hadRecentInput: boolean
  sources: { node: Node | null }[]
}

/** Console errors and uncaught exceptions of the page from now on. */
function collectErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`${message.text()} (${message.location().url})`)
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return errors
}

/** Loads `path` cold, waits until its heading shows and the network is quiet, returns the CLS. */
async function loadAndMeasure(page: Page, path: string, heading: RegExp) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
  await page.waitForLoadState('networkidle')
  // Two frames: a shift caused by the last response is reported once it has been painted.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  )
  const shifts = await page.evaluate(() => (window as unknown as ShiftWindow).__shifts)
  const cls = shifts.reduce((sum, shift) => sum + shift.value, 0)
  return { cls: Number(cls.toFixed(2)), shifts }
}

const guestRoutes = [
  { path: '/login', heading: /Sign in/ },
  { path: '/start-password-reset', heading: /password/i },
] as const

const signedInRoutes = [
  { path: '/', heading: /Good (morning|afternoon|evening|night)/ },
  { path: '/organizations', heading: /Organizations/ },
  { path: '/organizations/create', heading: /organization/i },
  { path: '/organizations/edit/1', heading: /Edit Acme/ },
  { path: '/audits', heading: /Audit log/ },
  { path: '/settings', heading: /Settings/ },
] as const

test('guest pages load without layout shift or console errors', async ({ page }) => {
  await recordLayoutShifts(page)
  const errors = collectErrors(page)
  for (const route of guestRoutes) {
    const { cls, shifts } = await loadAndMeasure(page, route.path, route.heading)
    expect(cls, `${route.path}: ${JSON.stringify(shifts)}`).toBe(0)
  }
  expect(errors).toEqual([])
})

test('a phone-sized /login does not move either', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 })
  await recordLayoutShifts(page)
  const { cls, shifts } = await loadAndMeasure(page, '/login', /Sign in/)
  expect(cls, JSON.stringify(shifts)).toBe(0)
})

test('every signed-in route loads without layout shift or console errors', async ({ page }) => {
  await signIn(page, demo.admin)
  await recordLayoutShifts(page)
  const errors = collectErrors(page)
  for (const route of signedInRoutes) {
    const { cls, shifts } = await loadAndMeasure(page, route.path, route.heading)
    expect(cls, `${route.path}: ${JSON.stringify(shifts)}`).toBe(0)
  }
  expect(errors).toEqual([])
})

test('a phone-sized /audits keeps its grid in place while the count arrives', async ({ page }) => {
  await signIn(page, demo.admin)
  await page.setViewportSize({ width: 412, height: 823 })
  await recordLayoutShifts(page)
  const { cls, shifts } = await loadAndMeasure(page, '/audits', /Audit log/)
  expect(cls, JSON.stringify(shifts)).toBe(0)
})

test('a phone-sized dashboard keeps its lists in place when "Needs attention" arrives late', async ({
  page,
}) => {
  await signIn(page, demo.admin)
  await page.setViewportSize({ width: 412, height: 823 })
  // The triage answers after the rest of the screen has painted, as on a slow connection.
  await page.route('**/sbm/v1/devices/triage', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 700))
    await route.continue()
  })
  await recordLayoutShifts(page)
  const { cls, shifts } = await loadAndMeasure(page, '/', /Good (morning|afternoon|evening|night)/)
  await expect(page.getByTestId('attention-battery')).toBeVisible()
  expect(cls, JSON.stringify(shifts)).toBe(0)
})

// The boot frame is what a signed-in deep link paints before the profile and the shell's code have
// arrived: held back here, it stays on screen long enough to be measured.
const bootHeadings = [
  {
    path: '/audits',
    title: 'Audit log',
    intro: /^Every command sent to a device/,
    grid: 'Device audit log',
  },
  { path: '/users', title: 'Users', intro: null, grid: 'Users' },
] as const

for (const viewport of [
  { width: 1440, height: 900 },
  { width: 412, height: 823 },
]) {
  test(`at ${viewport.width} px a deep link paints its heading where its screen then shows it`, async ({
    page,
  }) => {
    await signIn(page, demo.admin)
    await page.setViewportSize(viewport)
    for (const route of bootHeadings) {
      let release = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route(/\/assets\/signed-in-[\w-]+\.js$/, async (request) => {
        await held
        await request.continue()
      })
      await page.goto(route.path)
      const heading = page.getByRole('heading', { level: 1, name: route.title })
      const intro = route.intro ? page.getByText(route.intro) : null
      await expect(heading).toBeVisible()
      // Still the boot frame: the screen's grid needs the shell's code.
      await expect(page.getByRole('grid')).toHaveCount(0)
      const before = { heading: await heading.boundingBox(), intro: await intro?.boundingBox() }

      release()
      await expect(page.getByRole('grid', { name: route.grid })).toBeVisible()
      const after = { heading: await heading.boundingBox(), intro: await intro?.boundingBox() }
      expect(after, route.path).toEqual(before)
      await page.unrouteAll()
    }
  })
}

test('a dark-mode user reloading never sees the light theme', async ({ page }) => {
  await signIn(page, demo.admin)
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Switch to dark theme' }).click()
  await expect
    .poll(() => page.evaluate(() => document.documentElement.style.colorScheme))
    .toBe('dark')
  // Every colour scheme <html> is given from the first script on, in order.
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { __schemes: seen })
    // The document, not <html>: init scripts run before the parser has created <html>.
    new MutationObserver(() => {
      const scheme = document.documentElement.style.colorScheme
      if (scheme !== '' && seen.at(-1) !== scheme) seen.push(scheme)
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['style'] })
  })
  await page.reload()
  await expect(page.getByTestId('greeting')).toBeVisible()
  expect(
    await page.evaluate(() => (window as unknown as { __schemes: string[] }).__schemes),
  ).toEqual(['dark'])
})

const paletteDialog = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })
const entry = (page: Page) => page.getByRole('button', { name: 'Search or jump to…' })

test('the top bar\'s "Search or jump to…" opens the palette by mouse', async ({ page }) => {
  await signIn(page, demo.admin)
  await expect(entry(page)).toHaveAttribute('aria-keyshortcuts', 'Control+K')
  await expect(entry(page).locator('kbd')).toHaveText(['Ctrl', 'K'])
  await entry(page).click()
  await expect(paletteDialog(page).getByRole('combobox')).toBeFocused()
  await page.keyboard.type('audits')
  await paletteDialog(page)
    .getByRole('option', { name: /Go to Audits/ })
    .click()
  await expect(page).toHaveURL(/\/audits$/)
  await expect(paletteDialog(page)).toBeHidden()
})

test('the palette entry works from the keyboard and gives focus back', async ({ page }) => {
  await signIn(page, demo.admin)
  // Past the skip link and the sidebar's links (13 with the access model's pages).
  await tabTo(page, entry(page))
  await page.keyboard.press('Enter')
  await expect(paletteDialog(page).getByRole('combobox')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(paletteDialog(page)).toBeHidden()
  await expect(entry(page)).toBeFocused()
  await page.keyboard.press('Space')
  await expect(paletteDialog(page)).toBeVisible()
})

test('on a narrow screen the entry is an icon button that opens the same palette', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 823 })
  await signIn(page, demo.admin)
  await expect(entry(page).getByText('Search or jump to…')).toBeHidden()
  const box = await entry(page).boundingBox()
  expect(box?.width).toBeLessThanOrEqual(44)
  await entry(page).click()
  await expect(paletteDialog(page).getByRole('combobox')).toBeFocused()
})

test('the top bar with the palette entry passes axe in light and dark', async ({ page }) => {
  await signIn(page, demo.admin)
  await expect(entry(page)).toBeVisible()
  await expectNoSeriousA11yViolations(page)
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Switch to dark theme' }).click()
  await expect
    .poll(() => page.evaluate(() => document.documentElement.style.colorScheme))
    .toBe('dark')
  await expectNoSeriousA11yViolations(page)
})

test('the favicon, the manifest and its icons are served', async ({ page, request }) => {
  await page.goto('/login')
  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href')
  expect(manifestHref).toBe('/manifest.webmanifest')
  const manifest = await request.get(manifestHref ?? '')
  expect(manifest.headers()['content-type']).toBe('application/manifest+json')
  const body = (await manifest.json()) as { name: string; icons: { src: string }[] }
  expect(body.name).toBe('Access Console')
  // The tab's icon is the ICO alone: an SVG icon made the page build an SVG document on every load.
  const linked = await page
    .locator('link[rel="icon"], link[rel="apple-touch-icon"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
  expect(linked).toEqual(['/favicon.ico', '/apple-touch-icon.png'])
  for (const src of [...linked, ...body.icons.map((icon) => icon.src)]) {
    expect((await request.get(src)).status(), src).toBe(200)
  }
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/)
})
