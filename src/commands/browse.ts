import type { CommandContext } from './command'
import { ENTITY_SEARCH_DELAY_MS } from './entity-search'
import { hitValue, type EntityHit, type EntitySource } from './entity-source'

// A prefix alone ("#") lists its kind window by window: small enough that each answer is quick and
// the palette mounts few rows at a time, large enough that a window fills the list's height.
export const BROWSE_WINDOW = 25
// cmdk measures every mounted row: past this many rows, typing a name is the faster way.
export const BROWSE_MAX = 200

export interface BrowseState<Ctx extends CommandContext = CommandContext> {
  readonly status: 'idle' | 'loading' | 'done' | 'failed'
  /** The server's rows so far, in its default order, each once. */
  readonly hits: readonly EntityHit<Ctx>[]
  /** Where the next window starts in the list call. */
  readonly next: number
  /** No window follows: the list ended, or BROWSE_MAX rows are listed. */
  readonly end: boolean
}

export const idleBrowse: BrowseState<never> = { status: 'idle', hits: [], next: 0, end: false }

/**
 * `window`, asked for `size` rows at `state.next`, appended to what is listed: a row the list
 * already holds (the server's order moved under a write) is listed once, and a short window, one
 * with nothing new, or BROWSE_MAX rows end the list.
 */
export function appendWindow<Ctx extends CommandContext>(
  state: BrowseState<Ctx>,
  window: readonly EntityHit<Ctx>[],
  size: number,
): BrowseState<Ctx> {
  const seen = new Set(state.hits.map(hitValue))
  const fresh = window.filter((hit) => {
    const value = hitValue(hit)
    if (seen.has(value)) return false
    seen.add(value)
    return true
  })
  const hits = [...state.hits, ...fresh].slice(0, BROWSE_MAX)
  return {
    status: 'done',
    hits,
    next: state.next + window.length,
    end: window.length < size || fresh.length === 0 || hits.length >= BROWSE_MAX,
  }
}

/** The server's rows without those listed above them among the recently opened. */
export function afterRecents<Ctx extends CommandContext>(
  recent: readonly EntityHit<Ctx>[],
  loaded: readonly EntityHit<Ctx>[],
): EntityHit<Ctx>[] {
  const opened = new Set(recent.map(hitValue))
  return loaded.filter((hit) => !opened.has(hitValue(hit)))
}

/**
 * Browsing one kind, outside React so its timing can be tested with fake timers: `start` asks for
 * the first window once typing pauses, `more` for the next one. At most one request is in flight;
 * a new `start` (another prefix, or text after it) aborts it, so a late answer never lands in
 * the wrong list.
 */
export function createBrowse<Ctx extends CommandContext>(
  onChange: (state: BrowseState<Ctx>) => void,
  size = BROWSE_WINDOW,
  delayMs = ENTITY_SEARCH_DELAY_MS,
) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let controller: AbortController | undefined
  let source: EntitySource<unknown, Ctx> | null = null
  let state: BrowseState<Ctx> = idleBrowse

  const emit = (next: BrowseState<Ctx>) => {
    state = next
    onChange(next)
  }

  function cancel() {
    clearTimeout(timer)
    controller?.abort()
    controller = undefined
  }

  function fetchWindow(from: EntitySource<unknown, Ctx>) {
    const current = new AbortController()
    controller = current
    emit({ ...state, status: 'loading' })
    from.search('', current.signal, size, state.next).then(
      (entities) => {
        if (current.signal.aborted) return
        controller = undefined
        const window = entities.map((entity) => ({ source: from, entity, view: from.view(entity) }))
        emit(appendWindow(state, window, size))
      },
      () => {
        if (current.signal.aborted) return
        controller = undefined
        emit({ ...state, status: 'failed' })
      },
    )
  }

  return {
    /** Lists `next` from its first row; null stops browsing. */
    start(next: EntitySource<unknown, Ctx> | null) {
      cancel()
      source = next
      if (next === null) {
        emit(idleBrowse)
        return
      }
      emit({ ...idleBrowse, status: 'loading' })
      timer = setTimeout(() => fetchWindow(next), delayMs)
    },
    /** The next window, unless one is on its way, the list ended, or the last request failed. */
    more() {
      if (source === null || controller !== undefined || state.end || state.status !== 'done')
        return
      fetchWindow(source)
    },
    dispose: cancel,
  }
}
