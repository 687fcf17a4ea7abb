import { expect, type Locator, type Page } from '@playwright/test'
import { apiAs, storedTokens } from './session'

// What the keyboard-only specs do again and again: move focus as a person does, pick in a picker,
// and set up or check through the API as the signed-in person.

/** Tab (or Shift+Tab) until `target` has focus, as a person does (at most `most` presses). */
export async function tabTo(
  page: Page,
  target: Locator,
  key: 'Tab' | 'Shift+Tab' = 'Tab',
  most = 40,
) {
  for (let presses = 0; presses < most; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await page.keyboard.press(key)
  }
  await expect(target).toBeFocused()
}

/** Types into the focused picker, moves to the option named `name` and picks it. */
export async function pick(page: Page, text: string, name: string | RegExp) {
  await page.keyboard.type(text)
  const option = page.getByRole('option', { name })
  await expect(option).toBeVisible()
  await page.keyboard.press('ArrowDown')
  await expect(option).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
}

/** A request with the page's access token; a 2xx answer's body (null for 204). */
export async function api<T>(page: Page, method: string, path: string, json?: unknown): Promise<T> {
  return apiAs<T>(page, (await storedTokens(page)).access, method, path, json)
}
