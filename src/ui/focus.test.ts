// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { focusIsLost, focusPageTarget, restoreFocus, settleFocusAfterNavigation } from './focus'

afterEach(() => {
  document.body.innerHTML = ''
})

describe('focus rule', () => {
  it('prefers a marked target, then the list, then the heading', () => {
    document.body.innerHTML = '<main><h1>Title</h1><div role="grid" tabindex="0"></div></main>'
    expect(focusPageTarget()).toBe(true)
    expect(document.activeElement?.getAttribute('role')).toBe('grid')
    document.body.innerHTML = '<main><h1>Title</h1></main>'
    focusPageTarget()
    expect(document.activeElement?.textContent).toBe('Title')
  })

  it('returns focus to the opener, or to the page when the opener is gone', () => {
    document.body.innerHTML = '<main><h1>Title</h1><button>Delete</button></main>'
    const button = document.querySelector('button')
    restoreFocus(button)
    expect(document.activeElement).toBe(button)
    button?.remove()
    expect(focusIsLost()).toBe(true)
    restoreFocus(button)
    expect(document.activeElement?.textContent).toBe('Title')
  })

  it("leaves focus in a dialog that took the closed one's place", () => {
    document.body.innerHTML =
      '<main><button>Open late…</button></main><div role="dialog"><input aria-label="Date"></div>'
    const date = document.querySelector('input')
    date?.focus()
    restoreFocus(document.querySelector('button'))
    expect(document.activeElement).toBe(date)
  })

  it('leaves focus in an open dialog when the URL changes under it', async () => {
    document.body.innerHTML =
      '<main><div role="grid" tabindex="0"></div></main><div role="dialog"><button>Choose</button></div>'
    const button = document.querySelector('button')
    button?.focus()
    settleFocusAfterNavigation()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(document.activeElement).toBe(button)
  })

  it('moves focus left on the shell to the new page', async () => {
    document.body.innerHTML =
      '<nav><a href="/">Home</a></nav><main><div role="grid" tabindex="0"></div></main>'
    document.querySelector('a')?.focus()
    settleFocusAfterNavigation()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(document.activeElement?.getAttribute('role')).toBe('grid')
  })

  it('leaves focus where the user put it while the page was loading', async () => {
    document.body.innerHTML =
      '<header><button>Account menu</button></header><nav><a href="/">Home</a></nav><main></main>'
    document.querySelector('a')?.focus()
    settleFocusAfterNavigation()
    const menu = document.querySelector('button')
    menu?.focus()
    menu?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    document.querySelector('main')!.innerHTML = '<div role="grid" tabindex="0"></div>'
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(document.activeElement).toBe(menu)
  })
})
