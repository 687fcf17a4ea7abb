import { expect, type Locator, type Page } from '@playwright/test'
import type { Keys, Mouse } from './inputs'

export type Mode = 'keyboard' | 'mouse'

/** The reference API as the signed-in admin: JSON in, JSON out, throws on a refusal. */
export type Api = (method: string, path: string, body?: unknown) => Promise<unknown>

/**
 * One task of issue 46, done twice from the dashboard: by the keyboard alone and by the mouse
 * alone. `prepare` makes what the run acts on through the API (a user to disable, a room to
 * delete), a different one per mode, so the second run does not find the first one's work done.
 */
export interface KeystrokeTask<S> {
  readonly id: string
  readonly name: string
  prepare(api: Api, mode: Mode): S | Promise<S>
  keyboard(keys: Keys, setup: S): Promise<void>
  mouse(mouse: Mouse, setup: S): Promise<void>
  /** Puts back what a run changed for everyone after it (the language), not counted. */
  after?(page: Page): Promise<void>
}

// Each task keeps its own setup type; the list holds them side by side.
export const task = <S>(definition: KeystrokeTask<S>) =>
  definition as unknown as KeystrokeTask<unknown>

export const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' })
export const sidebar = (page: Page) => page.getByRole('navigation', { name: 'Main menu' })
export const selectedOption = (page: Page) =>
  palette(page).locator('[role="option"][aria-selected="true"]')

/** Ctrl+K and a query, then waits for the server's results before anything else is pressed. */
export async function ask(keys: Keys, query: string) {
  await keys.press('ControlOrMeta+k')
  await expect(palette(keys.page).getByRole('combobox')).toBeFocused()
  await keys.type(query)
  await expect(palette(keys.page).getByText('Searching…')).toBeHidden()
}

/** The sidebar entry, clicked. */
export const goTo = (mouse: Mouse, name: string) =>
  mouse.click(sidebar(mouse.page).getByRole('link', { name, exact: true }))

/** The row link named `name` in `grid`, scrolled to with the wheel if it is not in view. */
export async function clickRowLink(mouse: Mouse, grid: Locator, name: string) {
  const link = grid.getByRole('link', { name, exact: true })
  await expect(grid.locator('[data-row-index]:not([aria-busy])').first()).toBeVisible()
  await mouse.scrollTo(link, grid)
  await mouse.click(link)
}

/** A unique short word for names made per run. */
export const stamp = () => Date.now().toString(36).slice(-4)

/** Tab until `target` has focus (each press counted): a date or time input keeps Tab for its parts. */
export async function tabTo(keys: Keys, target: Locator, most = 8, key = 'Tab') {
  for (let i = 0; i < most; i += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return
    await keys.press(key)
  }
  await expect(target).toBeFocused()
}
