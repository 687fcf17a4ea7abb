import { useCallback, useRef } from 'react'

/**
 * Radix returns focus to a dialog's trigger, and the palette and the cheat sheet have none: they
 * open from the keyboard anywhere. This remembers what had focus when one opened and puts focus
 * back there on close, unless that element left the page (a command navigated away).
 */
export function useReturnFocus() {
  const element = useRef<HTMLElement | null>(null)
  const remember = useCallback(() => {
    element.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
  }, [])
  const restore = useCallback((event: Event) => {
    event.preventDefault()
    const target = element.current
    element.current = null
    if (target?.isConnected === true) target.focus()
  }, [])
  return { remember, restore }
}
