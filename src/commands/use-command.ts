import { createContext, use } from 'react'
import type { ListedCommand } from './palette-results'
import type { PaletteContext } from './registry'

/** What the palette shares with the shell's menus and buttons: the same list, the same runner. */
export interface CommandRunner {
  readonly listed: readonly ListedCommand<PaletteContext>[]
  /** Runs the command if this user can run it now; a disabled or absent one does nothing. */
  readonly run: (id: string) => void
}

export const CommandRunnerContext = createContext<CommandRunner | null>(null)

function useRunner(): CommandRunner {
  const runner = use(CommandRunnerContext)
  if (runner === null) throw new Error('Registry commands need <CommandPalette> above them')
  return runner
}

/** Runs registry commands by id, for controls whose label is a value rather than the command's. */
export function useRunCommand(): (id: string) => void {
  return useRunner().run
}

export interface BoundCommand {
  readonly listed: ListedCommand<PaletteContext>
  readonly run: () => void
}

/**
 * One registry command for a menu item or button, or null when this user may never use it (the
 * item is then left out, as the palette leaves it out).
 */
export function useCommand(id: string): BoundCommand | null {
  const runner = useRunner()
  const listed = runner.listed.find((entry) => entry.command.id === id)
  return listed === undefined ? null : { listed, run: () => runner.run(id) }
}
