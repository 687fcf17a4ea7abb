/** One choice of a picker: the value the form stores and the words the user reads. */
export interface PickerOption {
  readonly value: string
  readonly label: string
  /** A second line that tells two like-named choices apart (a user's name under the e-mail). */
  readonly detail?: string
}

/** One window of a search: the first matches and how many match in all. */
export interface PickerWindow {
  readonly options: readonly PickerOption[]
  readonly total: number
}

/**
 * Where a picker's choices come from: the server's list searched with its `search` parameter, and
 * the current value found by id, so a value outside the first window still shows its label.
 */
export interface PickerSource {
  /** Names the list in the query cache, e.g. ['picker', 'users']. */
  readonly key: readonly unknown[]
  search(text: string, signal: AbortSignal): Promise<PickerWindow>
  /** The option for a stored value; null when the server has no such item (any more). */
  lookup(value: string, signal: AbortSignal): Promise<PickerOption | null>
}

export interface PickerSearchState {
  readonly status: 'idle' | 'loading' | 'done' | 'failed'
  /** The text the options answer; kept while the next text loads so the list does not flicker. */
  readonly text: string
  readonly options: readonly PickerOption[]
  readonly total: number
}

export const idlePickerSearch: PickerSearchState = {
  status: 'idle',
  text: '',
  options: [],
  total: 0,
}

// A fluent typist sends one request per pause, and the 300 ms "last key → match shown" budget
// (decision 041) keeps 200 ms for the request and the paint.
export const PICKER_SEARCH_DELAY_MS = 100
export const PICKER_WINDOW = 20

/**
 * A picker's server search outside React, so its timing is tested with fake timers. Each text
 * waits until typing pauses (the first window on opening does not wait), aborts the request of the
 * text it replaces, so the latest answer always wins, and reports through `onChange`.
 */
export function createPickerSearch(
  onChange: (state: PickerSearchState) => void,
  delayMs = PICKER_SEARCH_DELAY_MS,
) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let controller: AbortController | undefined
  let last: PickerSearchState = idlePickerSearch

  const emit = (state: PickerSearchState) => {
    last = state
    onChange(state)
  }

  function cancel() {
    clearTimeout(timer)
    controller?.abort()
    controller = undefined
  }

  function run(source: PickerSource, text: string) {
    const current = new AbortController()
    controller = current
    source.search(text, current.signal).then(
      (found) => {
        if (!current.signal.aborted)
          emit({ status: 'done', text, options: found.options, total: found.total })
      },
      () => {
        if (!current.signal.aborted) emit({ status: 'failed', text, options: [], total: 0 })
      },
    )
  }

  return {
    /** Searches `text` now when `immediate` (the popup just opened), else once typing pauses. */
    update(source: PickerSource, text: string, immediate = false) {
      cancel()
      emit({ ...last, status: 'loading' })
      if (immediate) run(source, text)
      else timer = setTimeout(() => run(source, text), delayMs)
    },
    dispose: cancel,
  }
}
