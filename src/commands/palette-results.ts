import type { Can } from '../contract/permissions'
import { availability, type Availability } from './availability'
import type { AppState, Command, CommandContext, CommandGroup, Message, Viewer } from './command'
import { entityCommands, hitValue, type EntityHit } from './entity-source'
import { isSingleKey } from './hotkey-engine'
import { createMatcher, WORD_START, type MatchOutcome } from './matcher'

export type Offered = Exclude<Availability, { state: 'absent' }>

export interface ListedCommand<Ctx extends CommandContext = CommandContext> {
  readonly command: Command<Ctx>
  readonly availability: Offered
}

/** The commands this user may ever use, each with whether it can run right now. */
export function offered<Ctx extends CommandContext>(
  commands: readonly Command<Ctx>[],
  can: Can,
  now?: AppState,
): ListedCommand<Ctx>[] {
  return commands.flatMap((command) => {
    const state = availability(command.needs, can, undefined, now)
    return state.state === 'absent' ? [] : [{ command, availability: state }]
  })
}

/**
 * With single-key shortcuts off, the commands lose those shortcuts: nothing binds them, and no
 * menu, palette row or `?` sheet shows them (WCAG 2.1.4, decision 048).
 */
export function withoutSingleKeys<Ctx extends CommandContext>(
  listed: readonly ListedCommand<Ctx>[],
): ListedCommand<Ctx>[] {
  return listed.map((entry) => {
    const { shortcut } = entry.command
    if (shortcut === undefined || !isSingleKey(shortcut)) return entry
    return { ...entry, command: { ...entry.command, shortcut: undefined } }
  })
}

/** The cheat sheet: every shortcut this user can press right now, and nothing else. */
export function usableShortcuts<Ctx extends CommandContext>(
  listed: readonly ListedCommand<Ctx>[],
): ListedCommand<Ctx>[] {
  return listed.filter(
    (entry) => entry.command.shortcut !== undefined && entry.availability.state === 'enabled',
  )
}

export type PaletteRow<Ctx extends CommandContext = CommandContext> =
  | {
      readonly kind: 'command'
      readonly value: string
      readonly listed: ListedCommand<Ctx>
      readonly score: number
      /** An action bound to one entity (a verb's row): not kept among the recent commands. */
      readonly onEntity?: boolean
    }
  | {
      readonly kind: 'entity'
      readonly value: string
      readonly hit: EntityHit<Ctx>
      readonly score: number
    }

export interface PaletteSection<Ctx extends CommandContext = CommandContext> {
  readonly id: string
  readonly heading: Message
  readonly rows: readonly PaletteRow<Ctx>[]
  /** Its tier in the ranking when it knows better than its first row (a verb's section). */
  readonly rank?: number
  /** What its rows highlight, when not the whole query (a verb's rows: the name after it). */
  readonly query?: string
}

const GROUPS: readonly CommandGroup[] = ['navigation', 'create', 'actions']

const HEADINGS: Record<CommandGroup | 'recent' | 'recentEntities', Message> = {
  recentEntities: (LL) => LL.commands.groups.recentEntities(),
  recent: (LL) => LL.commands.groups.recent(),
  navigation: (LL) => LL.commands.groups.navigation(),
  create: (LL) => LL.commands.groups.create(),
  actions: (LL) => LL.commands.groups.actions(),
}

// A server hit whose visible text our matcher cannot explain (it matched another field) still
// belongs in the list, below anything that matched visibly.
const SERVER_ONLY_SCORE = 0.1

const best = (section: PaletteSection<CommandContext>) => section.rows[0]?.score ?? 0

/**
 * The ranking rule (decision 048, its table in palette-results.test.ts): a command or screen
 * whose words the query starts (exact, prefix or word start) comes first; then, by their best
 * score, entities matched by their own name and weaker command matches; entities matched through
 * another entity (a credential through its user) come last. A verb's section says its own tier:
 * with a name after the verb ("unlock recep") it is first, a verb alone lists with the entities.
 * Equal tiers keep their order.
 */
const tier = (section: PaletteSection<CommandContext>): number => {
  if (section.rank !== undefined) return section.rank
  const first = section.rows[0]
  if (first === undefined) return 3
  if (first.kind === 'command') return first.score >= WORD_START ? 0 : 1
  return first.hit.source.derived === true ? 2 : 1
}

/**
 * One entity's actions, as the palette lists them once Tab opened it: those this viewer may run,
 * matched against the query, under the entity's title.
 */
export function entityActionsSection<Ctx extends CommandContext>(
  hit: EntityHit<Ctx>,
  can: Can,
  viewer: Viewer,
  query: string,
  text: (message: Message) => string,
): PaletteSection<Ctx> {
  const actions = entityCommands(hit, can, viewer)
  const byId = new Map(actions.map((entry) => [entry.command.id, entry]))
  const rows = createMatcher(
    actions.map(({ command }) => ({ id: command.id, text: text(command.label) })),
  )
    .search(query, actions.length)
    .results.flatMap((result): PaletteRow<Ctx>[] => {
      const listed = byId.get(result.id)
      return listed === undefined
        ? []
        : [{ kind: 'command', value: result.id, listed, score: result.score }]
    })
  return { id: 'entity-actions', heading: () => hit.view.title, rows }
}

/**
 * Turns matcher output, recents and entity hits into the palette's sections. With an empty query
 * the order is fixed (the page's own actions, the entities opened last, the recent commands, then
 * registry order) so muscle memory works; with a query the
 * section holding the best match comes first, so typing an organization's name puts it on top
 * without a prefix.
 */
export function arrange<Ctx extends CommandContext>(input: {
  readonly text: string
  readonly listed: readonly ListedCommand<Ctx>[]
  readonly outcome: MatchOutcome | null
  readonly recents: readonly string[]
  readonly entities: readonly (readonly EntityHit<Ctx>[])[]
  /** Sections made elsewhere (a verb's, verbs.ts), ranked with the rest. */
  readonly more?: readonly PaletteSection<Ctx>[]
  /** The entity the page shows and what may be done to it: first in the empty palette. */
  readonly page?: { readonly hit: EntityHit<Ctx>; readonly actions: readonly ListedCommand<Ctx>[] }
  /**
   * Entities opened a moment ago, newest first: after the page's actions in the empty palette, and
   * first when a prefix alone browses their kind.
   */
  readonly recentEntities?: readonly EntityHit<Ctx>[]
}): PaletteSection<Ctx>[] {
  const byId = new Map(input.listed.map((listed) => [listed.command.id, listed]))
  const sections: PaletteSection<Ctx>[] = []
  const opened = new Set<string>()
  if (input.text === '') {
    const { page } = input
    if (input.outcome !== null && page !== undefined && page.actions.length > 0) {
      sections.push({
        id: 'page',
        heading: (LL) => LL.commands.groups.page({ name: page.hit.view.title }),
        rows: page.actions.map((listed) => ({
          kind: 'command',
          value: `page:${listed.command.id}`,
          listed,
          score: 1,
          onEntity: true,
        })),
      })
    }
    const recentRows = (input.recentEntities ?? []).map((hit): PaletteRow<Ctx> => {
      opened.add(hitValue(hit))
      return { kind: 'entity', value: `recent:${hitValue(hit)}`, hit, score: 1 }
    })
    if (recentRows.length > 0)
      sections.push({ id: 'recent-entities', heading: HEADINGS.recentEntities, rows: recentRows })
  }
  if (input.outcome !== null) {
    const grouped = new Map<CommandGroup, PaletteRow<Ctx>[]>(GROUPS.map((group) => [group, []]))
    for (const result of input.outcome.results) {
      const listed = byId.get(result.id)
      if (listed === undefined) continue
      grouped
        .get(listed.command.group)
        ?.push({ kind: 'command', value: listed.command.id, listed, score: result.score })
    }
    if (input.text === '') {
      const recent = input.recents.flatMap((id): PaletteRow<Ctx>[] => {
        const listed = byId.get(id)
        return listed === undefined
          ? []
          : [{ kind: 'command', value: `recent:${id}`, listed, score: 1 }]
      })
      if (recent.length > 0) sections.push({ id: 'recent', heading: HEADINGS.recent, rows: recent })
    }
    for (const group of GROUPS) {
      const rows = grouped.get(group) ?? []
      if (rows.length > 0) sections.push({ id: group, heading: HEADINGS[group], rows })
    }
  }
  for (const listed of input.entities) {
    // A kind browsed by its prefix lists its recent ones first and not again below them.
    const hits = listed.filter((hit) => !opened.has(hitValue(hit)))
    const first = hits[0]
    if (first === undefined) continue
    const scores = new Map(
      createMatcher(hits.map((hit) => ({ id: hit.view.id, text: hit.view.title })))
        .search(input.text, hits.length)
        .results.map((result) => [result.id, result.score]),
    )
    const rows = hits
      .map((hit): PaletteRow<Ctx> => ({
        kind: 'entity',
        value: hitValue(hit),
        hit,
        score: scores.get(hit.view.id) ?? SERVER_ONLY_SCORE,
      }))
      .sort((a, b) => b.score - a.score)
    sections.push({ id: first.source.kind, heading: first.source.heading, rows })
  }
  sections.push(...(input.more ?? []))
  if (input.text === '') return sections
  // Array.prototype.sort is stable, so equal sections keep the registry's order.
  return sections.sort((a, b) => tier(a) - tier(b) || best(b) - best(a))
}
