import { createContext, use, useEffect, useMemo, useState } from 'react'
import type { Command } from './command'
import type { PaletteContext } from './registry'

type ScreenCommand = Command<PaletteContext>
type Register = (commands: readonly ScreenCommand[]) => () => void

/**
 * Commands a screen offers while it, or a part of it, is mounted (bulk actions while rows are
 * selected): the registry holds what exists everywhere, this holds what exists only now.
 */
export const ScreenCommandsContext = createContext<Register | null>(null)

/**
 * The contributed commands and the function that adds some, for CommandsProvider. Each
 * contribution is removed when its owner unmounts or contributes anew.
 */
export function useScreenCommandStore(): [readonly ScreenCommand[], Register] {
  const [contributions, setContributions] = useState<ReadonlyMap<symbol, readonly ScreenCommand[]>>(
    new Map(),
  )
  const [register] = useState<Register>(() => (commands: readonly ScreenCommand[]) => {
    const key = Symbol('screen commands')
    setContributions((prev) => new Map(prev).set(key, commands))
    return () =>
      setContributions((prev) => {
        const next = new Map(prev)
        next.delete(key)
        return next
      })
  })
  const flat = useMemo(() => [...contributions.values()].flat(), [contributions])
  return [flat, register]
}

/**
 * Offers `commands` in the palette (and binds their shortcuts) while the calling component is
 * mounted. Pass a memoized array: a new one replaces the previous contribution.
 */
export function useScreenCommands(commands: readonly ScreenCommand[]): void {
  const register = use(ScreenCommandsContext)
  if (register === null) throw new Error('Screen commands need <CommandsProvider> above them')
  useEffect(() => register(commands), [register, commands])
}
