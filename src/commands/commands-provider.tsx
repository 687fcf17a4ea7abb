import {
  useCallback,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { useLocation } from 'wouter'
import { onSessionForgotten } from '../api/session-signals'
import type { Can } from '../contract/permissions'
import { parentPath } from '../lib/breadcrumb'
import { drainEarlyKeys, stopEarlyKeys } from '../lib/early-keys'
import { listPlacePath } from '../ui/data-table/list-memory'
import { availability } from './availability'
import { CheatSheet } from './cheat-sheet'
import type { AppState, Command, CommandContext } from './command'
import { CommandPalette } from './command-palette'
import { EARLY_KEYS_MAX_AGE_MS, planEarlyKeys, typedText } from './early-replay'
import { hitOf, type EntitySource } from './entity-source'
import { PageSubjectContext, type PageSubject } from './page-subject'
import { offered, withoutSingleKeys } from './palette-results'
import {
  buildRegistry,
  PALETTE_COMMAND_ID,
  type PaletteAppActions,
  type PaletteContext,
  type RouteRow,
} from './registry'
import { browserStore, forgetRecents, pushRecentEntity } from './recents'
import { ScreenCommandsContext, useScreenCommandStore } from './screen-commands'
import { CommandRunnerContext, type CommandRunner } from './use-command'
import { bindingsOf, useHotkeys } from './use-hotkeys'
import { useReturnFocus } from './use-return-focus'

export interface CommandsProviderProps {
  /** The route table: navigation and create commands are derived from it. */
  readonly routes: readonly RouteRow[]
  /** Every searchable entity kind, registered by the areas through app/ (as routes are). */
  readonly sources: readonly EntitySource<unknown, PaletteContext>[]
  readonly actions: PaletteAppActions
  /** Commands of the layers below (the receipts panel), composed in by app/ like the routes. */
  readonly commands: readonly Command<PaletteContext>[]
  /** The action host's entrance (actions/), composed in by app/: entity actions run through it. */
  readonly perform: CommandContext['perform']
  /** What the app is now, so "switch to dark" is not offered while dark. */
  readonly state: AppState
  readonly userId: number
  readonly can: Can
  /** The shell: its menus and buttons read the registry through `useCommand`. */
  readonly children?: ReactNode
}

/**
 * The registry, its runner and the global hotkeys, mounted once around the signed-in shell; the
 * palette and the `?` sheet are two views of it. It takes routes, sources, app actions and the
 * session from the shell as props, so commands/ depends on nothing in app/ or features/; a screen
 * adds what it offers only while mounted through `useScreenCommands`.
 */
export function CommandsProvider(props: CommandsProviderProps) {
  const { routes, sources, commands, actions, perform, state, userId, can, children } = props
  const [, navigate] = useLocation()
  const [paletteOpen, setPaletteOpen] = useState(false)
  // What was typed after Ctrl/Cmd+K while the console booted, until the palette has focus.
  const earlySearch = useRef('')
  const [sheetOpen, setSheetOpen] = useState(false)
  const sheetFocus = useReturnFocus()

  const [screenCommands, contribute] = useScreenCommandStore()
  const registry = useMemo(
    () => [...buildRegistry(routes), ...commands, ...screenCommands],
    [routes, commands, screenCommands],
  )
  const listed = useMemo(() => {
    const all = offered(registry, can, state)
    return state.singleKeys === 'on' ? all : withoutSingleKeys(all)
  }, [registry, can, state])
  const searchable = useMemo(
    () => sources.filter((source) => availability(source.needs, can).state !== 'absent'),
    [sources, can],
  )

  // The entity the page shows (page-subject.ts): remembered among the recent entities unless it
  // holds a secret, and offered with its actions when the palette opens empty.
  const [subject, setSubject] = useState<PageSubject | null>(null)
  const subjectHit = useMemo(
    () => (subject === null ? null : hitOf(searchable, subject.kind, subject.entity)),
    [subject, searchable],
  )
  useEffect(() => {
    const store = browserStore()
    if (store === null || subjectHit === null || subjectHit.source.holdsSecrets === true) return
    pushRecentEntity(
      store,
      userId,
      { kind: subjectHit.source.kind, entity: subjectHit.entity },
      (recent) => hitOf(searchable, recent.kind, recent.entity)?.view.id ?? '',
    )
  }, [subjectHit, userId, searchable])
  useEffect(
    () =>
      onSessionForgotten(() => {
        const store = browserStore()
        if (store !== null) forgetRecents(store)
      }),
    [],
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
      perform,
      app: actions,
      togglePalette: () => setPaletteOpen((open) => !open),
      showShortcuts: () => setCheatSheetOpen(true),
      goUp: () => {
        const parent = parentPath(window.location.pathname, routes)
        if (parent !== null) navigate(listPlacePath(parent))
      },
    }),
    [navigate, perform, actions, setCheatSheetOpen, routes],
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
  // Keys pressed while the console booted: replayed once, as if the shell had been there.
  const replayEarlyKeys = useEffectEvent(() => {
    const now = performance.now()
    const keys = drainEarlyKeys().filter((key) => now - key.timeStamp < EARLY_KEYS_MAX_AGE_MS)
    const plan = planEarlyKeys(keys, bindingsOf(listed), PALETTE_COMMAND_ID)
    for (const id of plan.run) runById(id)
    // The palette takes the keys still queued once it has focus (catchUp); nothing else waits.
    if (plan.palette === null) {
      stopEarlyKeys()
      return
    }
    earlySearch.current = plan.palette
    runById(PALETTE_COMMAND_ID)
  })
  useEffect(() => replayEarlyKeys(), [])
  const seed = useCallback(() => earlySearch.current, [])
  const catchUp = useCallback((search: string) => {
    earlySearch.current = ''
    return typedText(search, stopEarlyKeys())
  }, [])
  const runner: CommandRunner = useMemo(() => ({ listed, run: runById }), [listed, runById])
  const runChosen = useCallback(
    (command: Command<PaletteContext>) => void command.run(context),
    [context],
  )

  return (
    <CommandRunnerContext value={runner}>
      <ScreenCommandsContext value={contribute}>
        <PageSubjectContext value={setSubject}>{children}</PageSubjectContext>
      </ScreenCommandsContext>
      <CommandPalette
        open={paletteOpen}
        onOpenChange={setPaletteOpen}
        listed={listed}
        sources={searchable}
        userId={userId}
        can={can}
        subject={subjectHit}
        onChosen={runChosen}
        seed={seed}
        catchUp={catchUp}
      />
      <CheatSheet
        open={sheetOpen}
        onOpenChange={setCheatSheetOpen}
        onCloseAutoFocus={sheetFocus.restore}
        listed={listed}
        sources={searchable}
        singleKeys={state.singleKeys === 'on'}
      />
    </CommandRunnerContext>
  )
}
