import type { Can } from '../contract/permissions'
import type { Action, Command, CommandContext, Message, Needs, Viewer } from './command'
import { actionAvailability, type Availability } from './availability'
import type { EntityKind } from './scopes'

export interface EntityHitView {
  readonly id: string
  readonly title: string
  readonly subtitle?: string
}

/**
 * One searchable kind of entity. Organizations are the first; users, locations, devices and
 * credentials plug in by adding a source with their list call's `search`, their prefix (scopes.ts)
 * and their actions — the palette needs nothing else. Members are methods so a source of a concrete
 * entity type fits the palette's `EntitySource<unknown>` list.
 */
export interface EntitySource<E, Ctx extends CommandContext = CommandContext> {
  readonly kind: EntityKind
  readonly heading: Message
  /** Who may search this kind at all (the list's read permission). */
  readonly needs: Needs
  /**
   * `length` matches (ENTITY_SEARCH_LENGTH when absent) from the `start`th (0 when absent), in the
   * list's default order; '' lists the kind's rows.
   */
  search(text: string, signal: AbortSignal, length?: number, start?: number): Promise<readonly E[]>
  /**
   * The search a verb runs when its action needs a device capability: only entities that have it,
   * so "unlock recep" is not crowded out by the keypads and cameras at reception. Absent: `search`.
   */
  searchCapable?(text: string, capability: string, signal: AbortSignal): Promise<readonly E[]>
  view(entity: E): EntityHitView
  /**
   * True when a result's title is made of other entities' names (a credential reads "user →
   * door"): such a result matched through another entity ranks below entities matched by their
   * own name (decision 048).
   */
  readonly derived?: boolean
  /** The kind's list searched for `search`, where its selection bar runs the `bulk` actions. */
  bulkIn?(search: string): string
  /** Its entities carry a secret (a credential's PIN): never written to the recents' storage. */
  readonly holdsSecrets?: boolean
  /** The first action available to the user is what Enter does on a result: it opens, never reveals. */
  readonly actions: readonly Action<E, Ctx>[]
}

export interface EntityHit<Ctx extends CommandContext = CommandContext> {
  readonly source: EntitySource<unknown, Ctx>
  readonly entity: unknown
  readonly view: EntityHitView
}

/** A stable cmdk value per hit; the kind keeps an organization and a user with one id apart. */
export const hitValue = (hit: EntityHit<CommandContext>) => `${hit.source.kind}:${hit.view.id}`

export interface OfferedEntityCommand<Ctx extends CommandContext = CommandContext> {
  readonly command: Command<Ctx>
  readonly availability: Exclude<Availability, { state: 'absent' }>
  readonly reveals: boolean
}

/**
 * What Enter does on a result: its first enabled action that does not reveal a secret (decision
 * 046), or undefined when there is none and the result's action page opens instead.
 */
export function defaultAction<Ctx extends CommandContext>(
  offered: readonly OfferedEntityCommand<Ctx>[],
): OfferedEntityCommand<Ctx> | undefined {
  return offered.find((entry) => entry.availability.state === 'enabled' && !entry.reveals)
}

/**
 * The actions this user may take on one hit, each bound to its entity as a plain command so the
 * palette runs them like any other, and each with whether it can run now (capability, online).
 */
export function entityCommands<Ctx extends CommandContext>(
  hit: EntityHit<Ctx>,
  can: Can,
  viewer?: Viewer,
): OfferedEntityCommand<Ctx>[] {
  return hit.source.actions.flatMap((action) => {
    const found = actionAvailability(action, hit.entity, can, viewer)
    if (found.state === 'absent') return []
    const command: Command<Ctx> = {
      id: `${hitValue(hit)}:${action.id}`,
      label: action.label,
      group: 'actions',
      needs: action.needs,
      // Through the host, as a page's button runs it: the same confirmation, receipt and focus.
      run: (ctx) => ctx.perform(action, hit.entity),
    }
    return [{ command, availability: found, reveals: action.reveals === true }]
  })
}

/**
 * The hit of an entity of `kind`, or null when no source here has that kind (the user lost the
 * permission) or a stored entity no longer reads as one.
 */
export function hitOf<Ctx extends CommandContext>(
  sources: readonly EntitySource<unknown, Ctx>[],
  kind: string,
  entity: unknown,
): EntityHit<Ctx> | null {
  const source = sources.find((candidate) => candidate.kind === kind)
  if (source === undefined) return null
  try {
    return { source, entity, view: source.view(entity) }
  } catch {
    return null
  }
}

/** The actions the empty palette offers first on an entity's own page: all but opening it. */
export function pageActions<Ctx extends CommandContext>(
  hit: EntityHit<Ctx>,
  can: Can,
  viewer: Viewer,
): OfferedEntityCommand<Ctx>[] {
  const own = new Set(
    hit.source.actions
      .filter((action) => action.opensItsPage === true)
      .map((action) => `${hitValue(hit)}:${action.id}`),
  )
  return entityCommands(hit, can, viewer).filter((entry) => !own.has(entry.command.id))
}
