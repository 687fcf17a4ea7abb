import { useState } from 'react'

/**
 * Whether a dialog has been open at least once: until then it renders nothing at all. A closed
 * Radix dialog still mounts its Presence parts, and each of them dispatches from a layout effect at
 * mount; with the palette, the cheat sheet, the settings, two drawers and the narrow sidebar in the
 * shell, those dispatches forced a second, synchronous render of the whole tree between the first
 * rows' commit and their paint. Once opened the dialog stays mounted, so closing it behaves exactly
 * as before.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open)
  // Derived state, set during render: React re-renders this component at once, before committing.
  if (open && !opened) setOpened(true)
  return opened || open
}
