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

/** A list page's search box and the text a person types into it to find a row. */
export interface Search {
  box: Locator
  text: string
}

/**
 * `target` in the list `grid`, found as a person with a mouse finds it: on the first screen, else
 * by typing into the page's search box (when it has one), else by the wheel; then clicked.
 */
export async function clickInList(mouse: Mouse, grid: Locator, target: Locator, search?: Search) {
  await expect(grid.locator('[data-row-index]:not([aria-busy])').first()).toBeVisible()
  if (search !== undefined && !(await mouse.sees(target, grid))) {
    await mouse.fill(search.box, search.text)
    await expect(target).toBeAttached()
  }
  await mouse.scrollTo(target, grid)
  await mouse.click(target)
}

/** The row link named `name` in `grid`, found and clicked as clickInList does. */
export const clickRowLink = (mouse: Mouse, grid: Locator, name: string, search?: Search) =>
  clickInList(mouse, grid, grid.getByRole('link', { name, exact: true }), search)

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
