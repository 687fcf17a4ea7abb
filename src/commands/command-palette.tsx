import type { Can } from '../contract/permissions'
import * as RadixDialog from '@radix-ui/react-dialog'
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react'
import { useLocation } from 'wouter'
import { useI18nContext } from '../../i18n/i18n-react'
import { availability } from './availability'
import { CheatSheet } from './cheat-sheet'
import type { Command } from './command'
import * as styles from './command-palette.css'
import { visuallyHidden } from '../ui/visually-hidden.css'
import type { EntitySource } from './entity-source'
import { organizationSource } from './organization-source'
import { PaletteBody } from './palette-body'
import { offered } from './palette-results'
import { emptyStack, popPage, type PaletteStack } from './palette-stack'
import { pushRecent, readRecents } from './recents'
import { buildRegistry, type AppActions, type PaletteContext, type RouteRow } from './registry'
import { CommandRunnerContext, type CommandRunner } from './use-command'
import { useHotkeys } from './use-hotkeys'
import { useReturnFocus } from './use-return-focus'

// Every searchable entity kind; users, locations, devices and credentials join this list.
const ENTITY_SOURCES: readonly EntitySource<unknown, PaletteContext>[] = [organizationSource]

function browserStore(): Pick<Storage, 'getItem' | 'setItem'> | null {
  try {
    return window.localStorage
  } catch {
    // Storage can be switched off; the palette then simply has no recents.
    return null
  }
}

export interface CommandPaletteProps {
  /** The route table: navigation and create commands are derived from it. */
  readonly routes: readonly RouteRow[]
  readonly actions: AppActions
  readonly userId: number
  readonly can: Can
  /** The shell: its menus and buttons read the registry through `useCommand`. */
  readonly children?: ReactNode
}

/**
 * The palette, the `?` cheat sheet and the global hotkeys, mounted once around the signed-in shell.
 * It takes the route table, app actions and session from the shell as props, so commands/ depends
 * on nothing in app/ (DESIGN: app → features → commands).
 */
export function CommandPalette({ routes, actions, userId, can, children }: CommandPaletteProps) {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const [open, setOpen] = useState(false)
  // A fresh palette each time it opens: empty query, root page, first row selected.
  const [generation, setGeneration] = useState(0)
  const [stack, setStack] = useState<PaletteStack<PaletteContext>>(emptyStack)
  const [sheetOpen, setSheetOpen] = useState(false)
  const [recents, setRecents] = useState<readonly string[]>([])

  const registry = useMemo(() => buildRegistry(routes), [routes])
  const listed = useMemo(() => offered(registry, can), [registry, can])
  const sources = useMemo(
    () => ENTITY_SOURCES.filter((source) => availability(source.needs, can).state !== 'absent'),
    [can],
  )

  const paletteFocus = useReturnFocus()
  const sheetFocus = useReturnFocus()
  // The command chosen in the palette runs once the palette has closed and focus is back where it
  // was, so a command that opens a dialog or moves focus has the last word.
  const chosen = useRef<Command<PaletteContext> | null>(null)

  const setPaletteOpen = useCallback(
    (next: boolean) => {
      if (next) {
        paletteFocus.remember()
        const store = browserStore()
        setRecents(store === null ? [] : readRecents(store, userId))
        setStack(emptyStack)
        setGeneration((value) => value + 1)
      }
      setOpen(next)
    },
    [userId, paletteFocus],
  )

  const setCheatSheetOpen = useCallback(
    (next: boolean) => {
      if (next) sheetFocus.remember()
      setSheetOpen(next)
    },
    [sheetFocus],
  )

  const context: PaletteContext = useMemo(
    () => ({
      navigate: (path) => navigate(path),
      app: actions,
      togglePalette: () => setPaletteOpen(!open),
      showShortcuts: () => setCheatSheetOpen(true),
    }),
    [navigate, actions, setPaletteOpen, setCheatSheetOpen, open],
  )

  const run = useCallback(
    (command: Command<PaletteContext>, remember: boolean) => {
      const store = browserStore()
      if (remember && store !== null) pushRecent(store, userId, command.id)
      chosen.current = command
      setOpen(false)
    },
    [userId],
  )

  const runById = useCallback(
    (id: string) => {
      // Hotkeys and menus leave no trace in recents: they list what was looked for and found.
      const entry = listed.find((candidate) => candidate.command.id === id)
      if (entry?.availability.state === 'enabled') void entry.command.run(context)
    },
    [listed, context],
  )
  useHotkeys(listed, runById)
  const runner: CommandRunner = useMemo(() => ({ listed, run: runById }), [listed, runById])

  return (
    <CommandRunnerContext value={runner}>
      {children}
      <RadixDialog.Root open={open} onOpenChange={setPaletteOpen}>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className={styles.overlay} />
          <RadixDialog.Content
            className={styles.content}
            aria-describedby={undefined}
            onCloseAutoFocus={(event) => {
              paletteFocus.restore(event)
              const command = chosen.current
              chosen.current = null
              if (command !== null) void command.run(context)
            }}
            onEscapeKeyDown={(event) => {
              // Escape steps back out of an entity's actions before it closes the palette.
              if (stack.pages.length === 0) return
              event.preventDefault()
              setStack(popPage(stack))
            }}
          >
            <RadixDialog.Title className={visuallyHidden}>{LL.commands.title()}</RadixDialog.Title>
            <PaletteBody
              key={generation}
              listed={listed}
              sources={sources}
              recents={recents}
              can={can}
              stack={stack}
              onStackChange={setStack}
              onRun={run}
            />
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>
      <CheatSheet
        open={sheetOpen}
        onOpenChange={setCheatSheetOpen}
        onCloseAutoFocus={sheetFocus.restore}
        listed={listed}
      />
    </CommandRunnerContext>
  )
}
