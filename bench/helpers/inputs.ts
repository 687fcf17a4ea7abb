import type { Locator, Page } from '@playwright/test'
import { NOTCHES_A_TURN, Tally } from './klm'

// Every action a run takes on the page goes through these wrappers, each counting itself in the
// Keystroke-Level Model's terms (./klm.ts) as it is done, so the count is what the run did.

/** How far one wheel notch scrolls: Chromium's 100 px a notch (on Windows; Linux is finer). */
const NOTCH_PX = 100

/** The keyboard alone: page.keyboard and nothing else; starts and stays on the keys. */
export class Keys {
  readonly tally = new Tally('keyboard')

  constructor(readonly page: Page) {}

  /** One key or chord (each key of a chord counted), `times` over. */
  async press(key: string, times = 1) {
    for (let i = 0; i < times; i += 1) {
      this.tally.press(key)
      await this.page.keyboard.press(key)
    }
  }

  /** Text, a key per character. */
  async type(text: string) {
    this.tally.type(text)
    await this.page.keyboard.type(text)
  }
}

/** Whether `target`'s box lies inside the window and inside `within`'s box (a list's viewport). */
const inView = async (target: Locator, within: Locator) =>
  target.evaluate(
    (element, container) => {
      const box = element.getBoundingClientRect()
      const frame = container?.getBoundingClientRect() ?? { top: 0, bottom: window.innerHeight }
      return (
        box.height > 0 &&
        box.top >= Math.max(0, frame.top) &&
        box.bottom <= Math.min(window.innerHeight, frame.bottom)
      )
    },
    await within.elementHandle(),
  )

/**
 * The mouse, with the keyboard only for text in a field (and the keys a person uses there): starts
 * on the mouse. What is off screen is scrolled to by counted wheel turns before it is clicked, so
 * Playwright never scrolls for the run unseen.
 */
export class Mouse {
  readonly tally = new Tally('mouse')

  constructor(readonly page: Page) {}

  /** The page scrolled by the wheel, counted, until `target` is on screen, as a person does. */
  private async onScreen(target: Locator) {
    await target.waitFor()
    await this.scrollTo(target)
  }

  async click(target: Locator, options: { shift?: boolean; atStart?: boolean } = {}) {
    await this.onScreen(target)
    const box = options.atStart ? await target.boundingBox() : null
    this.tally.click(options.shift ? ['Shift'] : [])
    await target.click({
      ...(options.shift ? { modifiers: ['Shift'] as const } : {}),
      // A date or time field's segment is the one clicked: its first, as a person types it.
      ...(box ? { position: { x: 12, y: box.height / 2 } } : {}),
    })
  }

  async press(key: string) {
    this.tally.press(key)
    await this.page.keyboard.press(key)
  }

  /** Text typed into a field: a click into it unless it has focus, what it held selected, then the text. */
  async fill(field: Locator, text: string) {
    const focused = await field.evaluate((element) => element === document.activeElement)
    const type = await field.getAttribute('type')
    if (!focused) await this.click(field, { atStart: type === 'date' || type === 'time' })
    if ((await field.inputValue()) !== '') await this.press('ControlOrMeta+a')
    this.tally.type(text)
    await this.page.keyboard.type(text)
  }

  /** A choice in a native select: its click opens the list, a second click picks. */
  async select(field: Locator, label: string) {
    await this.onScreen(field)
    this.tally.click()
    this.tally.click()
    await field.selectOption({ label })
  }

  /** Whether `target` is on screen in `over` now, as the person sees it before acting. */
  async sees(target: Locator, over: Locator) {
    return (await target.count()) > 0 && (await inView(target, over))
  }

  /** Wheel turns over `over` (else the page) until `target` is in its view, each turn one count. */
  async scrollTo(target: Locator, over?: Locator) {
    for (let turn = 0; turn < 200; turn += 1) {
      if (await this.sees(target, over ?? this.page.locator('body'))) return
      this.tally.scroll()
      if (over) await over.hover()
      else {
        const size = this.page.viewportSize()
        await this.page.mouse.move((size?.width ?? 0) / 2, (size?.height ?? 0) / 2)
      }
      await this.page.mouse.wheel(0, NOTCHES_A_TURN * NOTCH_PX)
      await this.page.waitForTimeout(100)
    }
    throw new Error('200 wheel turns without reaching the target')
  }
}
