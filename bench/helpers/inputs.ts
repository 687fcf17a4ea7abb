import type { Locator, Page } from '@playwright/test'

/**
 * The inputs one run of a task took, counted as the person would make them: every key press (a
 * typed string is as many presses as it has characters), every click, every field typed into
 * (one input however long the text) and every scroll.
 */
export interface Inputs {
  keys: number
  clicks: number
  typedFields: number
  scrolls: number
  /** The characters among `keys` that were typed text rather than keys pressed. */
  typedChars: number
}

export const noInputs = (): Inputs => ({
  keys: 0,
  clicks: 0,
  typedFields: 0,
  scrolls: 0,
  typedChars: 0,
})

/** The keyboard alone: page.keyboard and nothing else, each press counted. */
export class Keys {
  constructor(
    readonly page: Page,
    readonly inputs: Inputs,
  ) {}

  /** One key or chord ("Control+Enter" is one press), `times` over. */
  async press(key: string, times = 1) {
    for (let i = 0; i < times; i += 1) {
      this.inputs.keys += 1
      await this.page.keyboard.press(key)
    }
  }

  /** Each character one press (and, for the second count, one typed string). */
  async type(text: string) {
    this.inputs.keys += [...text].length
    this.inputs.typedChars += [...text].length
    this.inputs.typedFields += 1
    await this.page.keyboard.type(text)
  }
}

/**
 * The mouse alone: clicks, scrolls, and text typed into a field (one input a field; the click
 * that focuses the field counts too, unless the field has focus already).
 */
export class Mouse {
  constructor(
    readonly page: Page,
    readonly inputs: Inputs,
  ) {}

  async click(target: Locator) {
    this.inputs.clicks += 1
    await target.click()
  }

  async fill(field: Locator, text: string) {
    const focused = await field.evaluate((element) => element === document.activeElement)
    if (!focused) await this.click(field)
    this.inputs.typedFields += 1
    await field.fill(text)
  }

  /** A choice in a native select: its click opens the list, a second click picks. */
  async select(field: Locator, label: string) {
    this.inputs.clicks += 2
    await field.selectOption({ label })
  }

  /** One turn of the wheel over `target` until it is in view (each turn counted). */
  async scrollTo(target: Locator, over: Locator, step = 400) {
    for (let turn = 0; turn < 50; turn += 1) {
      if (await target.isVisible()) return
      this.inputs.scrolls += 1
      await over.hover()
      await this.page.mouse.wheel(0, step)
      await this.page.waitForTimeout(100)
    }
    throw new Error('scrolled 50 times without reaching the target')
  }
}

/** All the inputs the keyboard run made, and all the mouse run made. */
export const keyboardTotal = (inputs: Inputs) => inputs.keys
/** The keyboard run counted as the mouse run is: a typed string is one input, like a typed field. */
export const keyboardActions = (inputs: Inputs) =>
  inputs.keys - inputs.typedChars + inputs.typedFields
export const mouseTotal = (inputs: Inputs) => inputs.clicks + inputs.typedFields + inputs.scrolls
