import type { ListQuery } from '../contract/list'
import type { CommandContext } from './command'
import type { EntityHit, EntitySource } from './entity-source'

export interface EntitySearchState<Ctx extends CommandContext = CommandContext> {
  readonly status: 'idle' | 'loading' | 'done' | 'failed'
  /** One list per source that answered; kept while the next query loads so rows do not flicker. */
  readonly hits: readonly (readonly EntityHit<Ctx>[])[]
}

export const idleSearch: EntitySearchState<never> = { status: 'idle', hits: [] }

// Short enough to leave room inside the 150 ms "last key → results" budget (docs/benchmarks.md) for
// the request itself, long enough that a fluent typist sends one request per word, not per letter.
export const ENTITY_SEARCH_DELAY_MS = 75
export const ENTITY_SEARCH_LENGTH = 8

/**
 * A source's `search`: a window of its list call's `search` rows, in the order given, so every
 * kind asks the server the same way and differs only in how its equal matches read.
 */
export function listSearch<E, K extends string>(
  fetchPage: (query: ListQuery<K>, signal: AbortSignal) => Promise<{ data: readonly E[] }>,
  order: Pick<ListQuery<K>, 'order_by' | 'order_direction'>,
) {
  return async (
    text: string,
    signal: AbortSignal,
    length = ENTITY_SEARCH_LENGTH,
    start = 0,
  ): Promise<readonly E[]> => {
    const query = { start, length, ...order, search: text }
    return (await fetchPage(query, signal)).data
  }
}

/** The capability a verb needs of each source it searches (verbs.ts, verbCapabilities). */
export type SourceCapabilities<Ctx extends CommandContext = CommandContext> = ReadonlyMap<
  EntitySource<unknown, Ctx>,
  string
>

const noCapabilities: SourceCapabilities<never> = new Map()

function searchSource<Ctx extends CommandContext>(
  source: EntitySource<unknown, Ctx>,
  text: string,
  capability: string | undefined,
  signal: AbortSignal,
) {
  return capability !== undefined && source.searchCapable
    ? source.searchCapable(text, capability, signal)
    : source.search(text, signal)
}

/**
 * Server search for the palette, outside React so its timing can be tested with fake timers.
 * Each query waits until typing pauses, aborts the request of the query it replaces (the server
 * stops work and a slow old answer can never overwrite a newer one), and reports loading, hits and
 * failure through `onChange`.
 */
export function createEntitySearch<Ctx extends CommandContext>(
  onChange: (state: EntitySearchState<Ctx>) => void,
  delayMs = ENTITY_SEARCH_DELAY_MS,
) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let controller: AbortController | undefined
  let last: EntitySearchState<Ctx> = idleSearch

  const emit = (state: EntitySearchState<Ctx>) => {
    last = state
    onChange(state)
  }

  function cancel() {
    clearTimeout(timer)
    controller?.abort()
    controller = undefined
  }

  return {
    /**
     * `text` null: nothing to search (idle); '' lists the sources' first rows (a verb alone).
     * `capabilities`: a source listed there is searched for the entities with that capability.
     */
    update(
      sources: readonly EntitySource<unknown, Ctx>[],
      text: string | null,
      capabilities: SourceCapabilities<Ctx> = noCapabilities,
    ) {
      cancel()
      if (text === null || sources.length === 0) {
        emit(idleSearch)
        return
      }
      emit({ status: 'loading', hits: last.hits })
      timer = setTimeout(() => {
        const current = new AbortController()
        controller = current
        void Promise.allSettled(
          sources.map(async (source) =>
            (await searchSource(source, text, capabilities.get(source), current.signal)).map(
              (entity): EntityHit<Ctx> => ({ source, entity, view: source.view(entity) }),
            ),
          ),
        ).then((settled) => {
          if (current.signal.aborted) return
          const hits = settled.flatMap((result) =>
            result.status === 'fulfilled' ? [result.value] : [],
          )
          const failed = settled.some((result) => result.status === 'rejected')
          emit({ status: failed ? 'failed' : 'done', hits })
        })
      }, delayMs)
    },
    dispose: cancel,
  }
}
