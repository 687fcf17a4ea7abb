import type { Page } from '@playwright/test'
import { DEMO_PASSWORD, demo, signIn } from './helpers/session'
import { expect, test } from './helpers/test'

// The browser tests share one tab per worker (helpers/test.ts, decision 093). The first test leaves
// behind everything a test can; the second, run next in the same tab, must find none of it.

test.describe.configure({ mode: 'serial' })

let firstTab: Page | undefined

test('a test leaves a session, a script, a route, a listener, tabs and emulation behind', async ({
  page,
  context,
}) => {
  firstTab = page
  await signIn(page, demo.admin, { at: '/users' })
  await page.addInitScript(() => Object.assign(window, { leftBehind: true }))
  await page.route('**/org/v1/users**', (route) => route.abort())
  page.on('dialog', (dialog) => void dialog.accept())
  await context.addCookies([{ name: 'left', value: '1', url: page.url() }])
  await context.newPage()
  await page.setViewportSize({ width: 400, height: 700 })
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' })
  await context.setOffline(true)
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false)
})

test('the next test in the same tab starts as a new tab would', async ({ page, context }) => {
  expect(page).toBe(firstTab)
  expect(context.pages()).toEqual([page])
  expect(await context.cookies()).toEqual([])
  expect(page.viewportSize()).toEqual({ width: 1280, height: 720 })

  // Signed out: the stored session is gone, so the console asks to sign in.
  await page.goto('/users')
  await expect(page).toHaveURL(/\/login/)
  expect(await page.evaluate(() => 'leftBehind' in window)).toBe(false)
  expect(await page.evaluate(() => localStorage.length)).toBe(0)
  expect(await page.evaluate(() => navigator.onLine)).toBe(true)
  expect(
    await page.evaluate(() => [
      matchMedia('(prefers-color-scheme: dark)').matches,
      matchMedia('(prefers-reduced-motion: reduce)').matches,
    ]),
  ).toEqual([false, false])

  // No route left: the users list loads. No listener left: a confirm is dismissed, as with none.
  await signIn(page, demo.admin, { password: DEMO_PASSWORD, at: '/users' })
  await expect(page.getByRole('grid', { name: 'Users' })).toBeVisible()
  await expect(page.getByRole('row').nth(1)).toBeVisible()
  expect(await page.evaluate(() => confirm('Still listening?'))).toBe(false)
})
