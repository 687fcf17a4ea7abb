import { Command as Cmdk } from 'cmdk'
import { useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import type { Can } from '../contract/permissions'
import type { Command } from './command'
import * as styles from './command-palette.css'
import {
  defaultAction,
  entityCommands,
  pageActions,
  type EntityHit,
  type EntitySource,
} from './entity-source'
import { createMatcher } from './matcher'
import {
  arrange,
  entityActionsSection,
  type ListedCommand,
  type PaletteRow,
  type PaletteSection,
} from './palette-results'
import { PaletteFooter } from './palette-footer'
import { movesSelection, paletteKeyIntent } from './palette-keys'
import { PaletteRowView } from './palette-row'
import type { PaletteContext } from './registry'
import { parseQuery, searchesCommands } from './scopes'
import { afterRecents } from './browse'
import { useBrowse } from './use-browse'
import { useEntitySearch } from './use-entity-search'
import { popPage, pushPage, type PaletteStack } from './palette-stack'
import { matchVerbs, verbCapabilities, verbSections, verbSources } from './verbs'

/** Rows mounted per query: cmdk measures and orders mounted nodes, so mount only what fits a glance. */
export const PALETTE_LIMIT = 50
const SCROLL_SLACK_PX = 48

type Ctx = PaletteContext

export interface PaletteBodyProps {
  readonly listed: readonly ListedCommand<Ctx>[]
  readonly sources: readonly EntitySource<unknown, Ctx>[]
  readonly recents: readonly string[]
  /** The entity the page shows, if it shows one (page-subject.ts). */
  readonly subject: EntityHit<Ctx> | null
  readonly recentEntities: readonly EntityHit<Ctx>[]
  readonly can: Can
  readonly userId: number
  readonly stack: PaletteStack<Ctx>
  onStackChange(stack: PaletteStack<Ctx>): void
  /** `remember` is false for entity actions: recents hold registry commands only. */
  onRun(command: Command<Ctx>, remember: boolean): void
}

export function PaletteBody(props: PaletteBodyProps) {
  const { LL } = useI18nContext()
  const search = props.stack.search
  const [value, setValue] = useState('')
  // Once the user moves the selection, late server results must not yank it back to the top.
  const moved = useRef(false)
  const page = props.stack.pages.at(-1)?.hit
  const parsed = parseQuery(
    search,
    props.sources.map((source) => source.kind),
  )

  const offered = useMemo(
    () => props.listed.filter((entry) => !entry.command.hidden),
    [props.listed],
  )
  const matcher = useMemo(
    () =>
      createMatcher(
        offered.map(({ command }) => ({
          id: command.id,
          text: command.label(LL),
          keywords: command.keywords ?? [],
        })),
      ),
    [offered, LL],
  )
  const commandText = page === undefined && searchesCommands(parsed.scope) ? parsed.text : null
  const outcome = useMemo(
    () => (commandText === null ? null : matcher.search(commandText, PALETTE_LIMIT)),
    [matcher, commandText],
  )
  const scopeKind = parsed.scope.kind
  const searched = useMemo(
    () =>
      page === undefined
        ? props.sources.filter((source) => scopeKind === 'all' || scopeKind === source.kind)
        : [],
    [page, props.sources, scopeKind],
  )
  // Two characters before asking the server for everything; a prefix alone ("$") browses its kind
  // (browse.ts): the ones opened last, then the list window by window as it is scrolled or walked.
  const browsing = page === undefined && scopeKind !== 'all' && parsed.text === ''
  const entitySearch = useEntitySearch(
    searched,
    !browsing && (scopeKind !== 'all' || parsed.text.length >= 2) ? parsed.text : null,
  )
  const browse = useBrowse(browsing ? (searched[0] ?? null) : null)
  const browsedRecents = useMemo(
    () => (browsing ? props.recentEntities.filter((hit) => hit.source.kind === scopeKind) : []),
    [browsing, props.recentEntities, scopeKind],
  )
  const entities = useMemo(
    () => (browsing ? [afterRecents(browsedRecents, browse.state.hits)] : entitySearch.hits),
    [browsing, browsedRecents, browse.state.hits, entitySearch.hits],
  )
  // "unlock recep": the verb's kinds are searched for the words after it (verbs.ts).
  const verbs = useMemo(
    () =>
      page === undefined && scopeKind === 'all'
        ? matchVerbs(parsed.text, props.sources, props.can, (message) => message(LL))
        : null,
    [page, scopeKind, parsed.text, props.sources, props.can, LL],
  )
  const verbKinds = useMemo(() => verbSources(verbs), [verbs])
  const verbNeeds = useMemo(() => verbCapabilities(verbs), [verbs])
  const verbSearch = useEntitySearch(verbKinds, verbs?.rest ?? null, verbNeeds)

  const sections: readonly PaletteSection<Ctx>[] = useMemo(() => {
    if (page !== undefined)
      return [
        entityActionsSection(page, props.can, { userId: props.userId }, search, (message) =>
          message(LL),
        ),
      ]
    return arrange({
      text: parsed.text,
      listed: offered,
      outcome,
      recents: scopeKind === 'all' ? props.recents : [],
      entities,
      ...(scopeKind === 'all' && props.subject !== null
        ? {
            page: {
              hit: props.subject,
              actions: pageActions(props.subject, props.can, { userId: props.userId }),
            },
          }
        : {}),
      recentEntities: scopeKind === 'all' ? props.recentEntities : browsedRecents,
      more:
        verbs === null
          ? []
          : verbSections({
              match: verbs,
              hits: verbSearch.hits,
              can: props.can,
              viewer: { userId: props.userId },
            }),
    })
  }, [
    props.subject,
    props.recentEntities,
    browsedRecents,
    verbs,
    verbSearch.hits,
    page,
    props.can,
    props.userId,
    props.recents,
    search,
    LL,
    parsed.text,
    scopeKind,
    offered,
    outcome,
    entities,
  ])

  const rows = sections.flatMap((section) => section.rows)
  const first = rows.find(
    (row) => row.kind === 'entity' || row.listed.availability.state === 'enabled',
  )
  useLayoutEffect(() => {
    if (!moved.current && first !== undefined) setValue(first.value)
  }, [first])

  const selected = rows.find((row) => row.value === value)
  // Walking onto the last rows of a browsed kind fetches the next window.
  const nearEnd = rows.length > 0 && rows.slice(-2).some((row) => row.value === value)
  useEffect(() => {
    if (browsing && nearEnd && moved.current) browse.more()
  })

  function openActions(hit: EntityHit<Ctx>) {
    props.onStackChange(pushPage(props.stack, hit))
    moved.current = false
  }

  function choose(row: PaletteRow<Ctx>) {
    if (row.kind === 'command') {
      props.onRun(row.listed.command, page === undefined && row.onEntity !== true)
      return
    }
    const primary = defaultAction(entityCommands(row.hit, props.can, { userId: props.userId }))
    if (primary === undefined) openActions(row.hit)
    else props.onRun(primary.command, false)
  }

  const loading =
    entitySearch.status === 'loading' ||
    verbSearch.status === 'loading' ||
    browse.state.status === 'loading'
  // Enter typed before the server's results arrive runs the first result once they do.
  const enterPending = useRef(false)
  useEffect(() => {
    if (loading || !enterPending.current) return
    enterPending.current = false
    if (first !== undefined) choose(first)
  })

  function step(delta: number) {
    const enabled = rows.filter(
      (row) => row.kind === 'entity' || row.listed.availability.state !== 'disabled',
    )
    if (enabled.length === 0) return
    const at = enabled.findIndex((row) => row.value === value)
    const next = enabled[(at + delta + enabled.length) % enabled.length]
    if (next !== undefined) setValue(next.value)
    moved.current = true
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (movesSelection(event.key)) moved.current = true
    const input = event.target instanceof HTMLInputElement ? event.target : null
    const intent = paletteKeyIntent(event, {
      loading,
      moved: moved.current,
      emptyQuery: search === '',
      onActions: page !== undefined,
      onEntity: selected?.kind === 'entity',
      caretAtEnd: input !== null && input.selectionStart === input.value.length,
    })
    if (intent === null) return
    event.preventDefault()
    if (intent.kind === 'step') step(intent.delta)
    else if (intent.kind === 'runFirstWhenLoaded') enterPending.current = true
    else if (intent.kind === 'back') props.onStackChange(popPage(props.stack))
    else if (selected?.kind === 'entity') openActions(selected.hit)
  }

  const total = outcome?.total ?? 0
  const hidden = outcome === null ? 0 : total - outcome.results.length
  const failed =
    entitySearch.status === 'failed' ||
    verbSearch.status === 'failed' ||
    browse.state.status === 'failed'

  return (
    <Cmdk
      label={LL.commands.title()}
      shouldFilter={false}
      loop
      vimBindings={false}
      value={value}
      onValueChange={setValue}
      onKeyDown={onKeyDown}
    >
      <div className={styles.header}>
        {page === undefined ? null : <span className={styles.crumb}>{page.view.title}</span>}
        <Cmdk.Input
          className={styles.input}
          value={search}
          onValueChange={(next) => {
            props.onStackChange({ ...props.stack, search: next })
            moved.current = false
          }}
          placeholder={
            page === undefined
              ? LL.commands.placeholder()
              : LL.commands.entityPlaceholder({ name: page.view.title })
          }
        />
      </div>
      <Cmdk.List
        className={styles.list}
        label={LL.commands.results()}
        onScroll={(event) => {
          const list = event.currentTarget
          if (browsing && list.scrollTop + list.clientHeight >= list.scrollHeight - SCROLL_SLACK_PX)
            browse.more()
        }}
      >
        {loading ? null : <Cmdk.Empty className={styles.status}>{LL.commands.empty()}</Cmdk.Empty>}
        {sections.map((section) => (
          <Cmdk.Group key={section.id} heading={section.heading(LL)}>
            {section.rows.map((row) => (
              <PaletteRowView
                key={row.value}
                row={row}
                query={section.query ?? (page === undefined ? parsed.text : search)}
                onChoose={choose}
              />
            ))}
          </Cmdk.Group>
        ))}
      </Cmdk.List>
      {/* Outside the listbox, whose children must be options and groups. */}
      {loading ? (
        <Cmdk.Loading className={styles.status} label={LL.commands.searching()}>
          {LL.commands.searching()}
        </Cmdk.Loading>
      ) : null}
      <div role="status" className={styles.status} hidden={!failed && hidden === 0}>
        {failed ? LL.commands.searchFailed() : null}
        {!failed && hidden > 0 ? LL.commands.more({ count: hidden }) : null}
      </div>
      <PaletteFooter
        nested={page !== undefined}
        entitySelected={selected?.kind === 'entity'}
        sources={props.sources}
      />
    </Cmdk>
  )
}
