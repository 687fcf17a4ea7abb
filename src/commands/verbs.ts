import type { Can } from '../contract/permissions'
import { availability } from './availability'
import type { CommandContext, Action, Message, Viewer } from './command'
import { entityCommands, hitValue, type EntityHit, type EntitySource } from './entity-source'
import type { SourceCapabilities } from './entity-search'
import { createMatcher, normalize } from './matcher'
import type { PaletteRow, PaletteSection } from './palette-results'

// Verbs on things (decision 051): the palette reads "unlock recep" as the action "Unlock" on the
// devices whose names match "recep". Every entity action's label is a verb; nothing else lists them.

/** The shortest first word taken for a verb: "unl" is one, "de" still searches for names. */
export const VERB_MIN_LENGTH = 3

export interface Verb<Ctx extends CommandContext = CommandContext> {
  readonly source: EntitySource<unknown, Ctx>
  readonly action: Action<unknown, Ctx>
}

export interface VerbMatch<Ctx extends CommandContext = CommandContext> {
  /** Every action whose label the query's first words start, by the most words any of them took. */
  readonly verbs: readonly Verb<Ctx>[]
  /** The words after the verb: the name to search for ('' lists the kind). */
  readonly rest: string
}

const words = (text: string) => text.trim().split(/\s+/).filter(Boolean)

/** How many of the query's first words start the label's words in turn. */
function wordsTaken(query: readonly string[], label: readonly string[]): number {
  let taken = 0
  while (taken < query.length && taken < label.length) {
    const word = query[taken] ?? ''
    if (!(label[taken] ?? '').startsWith(word)) break
    taken += 1
  }
  return taken
}

/**
 * The verbs the query starts with, among the actions this user may ever take: "force unl rec"
 * takes two words of "Force unlock" and leaves "rec". Null when no label's first word starts with
 * the query's first word (of at least VERB_MIN_LENGTH letters).
 */
export function matchVerbs<Ctx extends CommandContext>(
  text: string,
  sources: readonly EntitySource<unknown, Ctx>[],
  can: Can,
  label: (message: Message) => string,
): VerbMatch<Ctx> | null {
  const original = words(text)
  const query = original.map(normalize)
  if ((query[0] ?? '').length < VERB_MIN_LENGTH) return null
  let most = 0
  let verbs: Verb<Ctx>[] = []
  for (const source of sources) {
    for (const action of source.actions) {
      if (availability(action.needs, can).state === 'absent') continue
      const taken = wordsTaken(query, words(normalize(label(action.label))))
      if (taken === 0 || taken < most) continue
      if (taken > most) verbs = []
      most = taken
      verbs.push({ source, action })
    }
  }
  if (most === 0) return null
  return { verbs, rest: original.slice(most).join(' ') }
}

/** The kinds a verb match searches, once each, in the palette's order. */
export function verbSources<Ctx extends CommandContext>(
  match: VerbMatch<Ctx> | null,
): EntitySource<unknown, Ctx>[] {
  if (match === null) return []
  return [...new Set(match.verbs.map((verb) => verb.source))]
}

/**
 * The capability to search each kind for: a kind whose matched verbs all need the same one
 * ("unlock" needs remotely_unlock) is searched only for the entities that have it.
 */
export function verbCapabilities<Ctx extends CommandContext>(
  match: VerbMatch<Ctx> | null,
): SourceCapabilities<Ctx> {
  const needed = new Map<EntitySource<unknown, Ctx>, Set<string | undefined>>()
  for (const { source, action } of match?.verbs ?? [])
    needed.set(source, (needed.get(source) ?? new Set()).add(action.needs.capability))
  const capabilities = new Map<EntitySource<unknown, Ctx>, string>()
  for (const [source, set] of needed) {
    const [only] = set
    if (set.size === 1 && only !== undefined) capabilities.set(source, only)
  }
  return capabilities
}

// A name typed after the verb makes its results the answer; a verb alone only lists candidates.
const NAMED_RANK = 0
const LISTED_RANK = 1

/** The last row of a bulk verb's section: its finds in the list, to choose rows and run it there. */
function chooseInList<Ctx extends CommandContext>(
  kind: string,
  actionId: string,
  path: string,
): PaletteRow<Ctx> {
  return {
    kind: 'command',
    value: `verb:bulk:${kind}:${actionId}`,
    listed: {
      command: {
        id: `bulk:${kind}:${actionId}`,
        label: (LL) => LL.commands.chooseInList(),
        group: 'actions',
        needs: {},
        run: (ctx) => ctx.navigate(path),
      },
      availability: { state: 'enabled' },
    },
    score: -1,
    onEntity: true,
  }
}

/**
 * One section per verb, headed by it, listing the found entities the action can apply to: a
 * device without the capability is left out, an offline one stays with its reason. Choosing a row
 * runs the action exactly as the entity's action page does.
 */
export function verbSections<Ctx extends CommandContext>(input: {
  readonly match: VerbMatch<Ctx>
  readonly hits: readonly (readonly EntityHit<Ctx>[])[]
  readonly can: Can
  readonly viewer: Viewer
}): PaletteSection<Ctx>[] {
  const { match, can, viewer } = input
  const found = input.hits.flat()
  return match.verbs.flatMap(({ source, action }): PaletteSection<Ctx>[] => {
    const hits = found.filter((hit) => hit.source === source)
    const scores = new Map(
      createMatcher(hits.map((hit) => ({ id: hit.view.id, text: hit.view.title })))
        .search(match.rest, hits.length)
        .results.map((result) => [result.id, result.score]),
    )
    const rows = hits.flatMap((hit): PaletteRow<Ctx>[] => {
      const capability = action.needs.capability
      const subject = action.subject?.(hit.entity)
      if (capability !== undefined && !(subject?.capabilities ?? []).includes(capability)) return []
      const offered = entityCommands(hit, can, viewer).find(
        (entry) => entry.command.id === `${hitValue(hit)}:${action.id}`,
      )
      if (offered === undefined) return []
      const command = { ...offered.command, label: () => hit.view.title }
      return [
        {
          kind: 'command',
          value: `verb:${command.id}`,
          listed: { command, availability: offered.availability },
          score: scores.get(hit.view.id) ?? 0,
          onEntity: true,
        },
      ]
    })
    if (rows.length === 0) return []
    rows.sort((a, b) => b.score - a.score)
    const list = action.bulk === true && match.rest !== '' ? source.bulkIn?.(match.rest) : undefined
    if (list !== undefined) rows.push(chooseInList(source.kind, action.id, list))
    return [
      {
        id: `verb:${source.kind}:${action.id}`,
        heading: action.label,
        rows,
        rank: match.rest === '' ? LISTED_RANK : NAMED_RANK,
        query: match.rest,
      },
    ]
  })
}
