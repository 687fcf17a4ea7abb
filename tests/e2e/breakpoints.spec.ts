import type { Page } from '@playwright/test'
import { expect, test } from './helpers/test'
import type { Location } from '../../src/contract/locations'
import {
  allowAxeTime,
  demo,
  expectNoSeriousA11yViolations,
  sidebar,
  signIn,
  storedTokens,
} from './helpers/session'

// The layout at the requirements' breakpoints (R9.7, decision 044): the dashboard, a list, a form
// and the location drawer at sm 600, md 900, lg 1500 and xl 2000 px show their heading, nothing is
// wider than the window, and axe finds nothing serious.

const widths = [600, 900, 1500, 2000] as const

/** Nothing is cut: the page is no wider than the window, so nothing needs a sideways scroll. */
async function expectNothingCut(page: Page) {
  const { scroll, client, widest } = await page.evaluate(() => {
    const client = document.documentElement.clientWidth
    // Named in the failure: the outermost element that reaches past the window.
    const past = Array.from(document.body.querySelectorAll('*')).find(
      (element) => element.getBoundingClientRect().right > client + 1,
    )
    return {
      scroll: document.documentElement.scrollWidth,
      client,
      widest: past
        ? `${past.tagName.toLowerCase()} "${(past.textContent ?? '').slice(0, 40)}"`
        : '',
    }
  })
  expect(scroll, `the page is no wider than the window (${widest})`).toBeLessThanOrEqual(client)
}

async function firstLocation(page: Page) {
  const { access } = await storedTokens(page)
  const response = await page.request.get('/sbm/v1/locations?start=0&length=1', {
    headers: { Authorization: `Bearer ${access}` },
  })
  const [location] = ((await response.json()) as { data: Location[] }).data
  if (!location) throw new Error('the seed holds a location')
  return location
}

for (const width of widths) {
  test(`at ${width} px the dashboard, a list, a form and the location drawer fit and are axe clean`, async ({
    page,
  }) => {
    allowAxeTime()
    await page.setViewportSize({ width, height: 900 })
    await signIn(page, demo.admin)
    // The sidebar is a drawer at 1200 px or less, open beside the content on wider screens.
    const drawerSidebar = width <= 1200
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible({
      visible: drawerSidebar,
    })
    await expect(sidebar(page)).toBeVisible({ visible: !drawerSidebar })

    for (const [path, heading] of [
      ['/', /^(Good|Welcome)/],
      ['/users', 'Users'],
      ['/users/create', 'New user'],
    ] as const) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      await expectNothingCut(page)
      await expectNoSeriousA11yViolations(page)
    }

    const location = await firstLocation(page)
    await page.goto(`/locations?peek=${location.location_id}`)
    const drawer = page.getByRole('dialog', { name: location.name })
    await expect(drawer).toBeVisible()
    const box = await drawer.boundingBox()
    // Chromium lays the drawer out in fractions of a pixel: 600.00003 px is the viewport's 600.
    expect(box?.width ?? 0).toBeLessThanOrEqual(width + 0.001)
    await expectNothingCut(page)
    await expectNoSeriousA11yViolations(page)
  })
}

// The mobile breakpoint (R9.6): at 650 px or less the users list drops its e-mail and role
// columns and the location drawer takes the whole width; wider, the drawer is half the window.
for (const { width, mobile } of [
  { width: 650, mobile: true },
  { width: 651, mobile: false },
  { width: 1440, mobile: false },
]) {
  test(`at ${width} px the users list ${mobile ? 'hides' : 'shows'} e-mail and role, the drawer is ${mobile ? 'full' : 'half'} width`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 })
    await signIn(page, demo.admin, { at: '/users' })
    const grid = page.getByRole('grid', { name: 'Users' })
    await expect(grid.getByRole('columnheader', { name: 'Name', exact: true })).toBeVisible()
    await expect(grid.getByRole('columnheader', { name: 'Username', exact: true })).toBeVisible()
    for (const name of ['E-mail', 'Role'])
      await expect(grid.getByRole('columnheader', { name, exact: true })).toHaveCount(
        mobile ? 0 : 1,
      )

    const location = await firstLocation(page)
    await page.goto(`/locations?peek=${location.location_id}`)
    const drawer = page.getByRole('dialog', { name: location.name })
    await expect(drawer).toBeVisible()
    const drawerWidth = (await drawer.boundingBox())?.width ?? 0
    // Chromium lays the drawer out in fractions of a pixel: within one pixel is the same width.
    expect(Math.abs(drawerWidth - (mobile ? width : width / 2))).toBeLessThanOrEqual(1)
  })
}
