// One focus rule for the whole console: after any navigation or closed overlay, focus lands on
// something meaningful, never on <body>. The page's primary target is its list when a list is the
// page, else a form's first field, else the page heading.

const TARGETS = ['[data-autofocus]', '[role="grid"]', 'h1'] as const

/** Focuses the page's primary target inside `main`; false when the page has not rendered one yet. */
export function focusPageTarget(doc: Document = document): boolean {
  const main = doc.querySelector('main')
  if (main === null) return false
  for (const selector of TARGETS) {
    const target = main.querySelector<HTMLElement>(selector)
    if (target !== null) {
      if (!target.hasAttribute('tabindex') && !target.matches('input, select, textarea, button, a'))
        target.tabIndex = -1
      target.focus({ preventScroll: selector === 'h1' })
      return true
    }
  }
  return false
}

/** Whether nothing meaningful has focus: the page itself, or an element that left the document. */
export function focusIsLost(doc: Document = document): boolean {
  const active = doc.activeElement
  return active === null || active === doc.body || !active.isConnected
}

// An open dialog or modal drawer (the palette opened while the screen loaded, a drawer the URL
// opened) owns focus: a URL change must not pull focus out of it.
const focusInDialog = (doc: Document) =>
  doc.activeElement?.closest('[role="dialog"], [role="alertdialog"]') != null

/**
 * Puts focus back on `element`, or on the page's primary target when it is gone. A closed overlay
 * calls it a task after its panel left (Radix's way): a dialog that has taken its place meanwhile (a
 * loading dialog swapped for its form, a confirmation for its failure) keeps focus. Taking it away
 * would let that dialog's trap pull it back, and a date field that lost focus forgets the digits
 * typed into it (a typed "12" became month "02").
 */
export function restoreFocus(element: HTMLElement | null, doc: Document = document) {
  if (focusInDialog(doc)) return
  if (element?.isConnected) element.focus()
  else focusPageTarget(doc)
}

const focusInMain = (doc: Document) => doc.querySelector('main')?.contains(doc.activeElement)

/**
 * After a navigation the new screen may still be loading: wait (a frame at a time, at most ten
 * seconds) until either the screen took focus itself or its primary target exists. Focus left on
 * the shell (the sidebar link that was clicked, the element the palette gave focus back to) moves
 * to the new page too; focus in a dialog stays there. A key or a pointer pressed meanwhile ends the
 * wait: the user has taken focus where they want it (the account menu opened while the page loads).
 */
export function settleFocusAfterNavigation(doc: Document = document): () => void {
  let frames = 0
  let handle = 0
  const stop = () => {
    cancelAnimationFrame(handle)
    doc.removeEventListener('keydown', stop, true)
    doc.removeEventListener('pointerdown', stop, true)
  }
  const tick = () => {
    frames += 1
    if (focusInMain(doc) === true || focusInDialog(doc) || focusPageTarget(doc) || frames > 600)
      return stop()
    handle = requestAnimationFrame(tick)
  }
  doc.addEventListener('keydown', stop, true)
  doc.addEventListener('pointerdown', stop, true)
  handle = requestAnimationFrame(tick)
  return stop
}
