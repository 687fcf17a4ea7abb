/** What a machine's host does with a request's outcome: usually send the machine an event. */
export type RequestAnswers<T> = {
  ok: (value: T) => void
  fail: (error: unknown) => void
}

export type RequestSlot = {
  /** Aborts the request still running, if any, and starts this one. */
  start: <T>(request: (signal: AbortSignal) => Promise<T>, answers: RequestAnswers<T>) => void
  /** Aborts the running request; its answer, arriving later, is dropped. */
  cancel: () => void
}

function isAbort(error: unknown) {
  return error instanceof DOMException && error.name === 'AbortError'
}

/**
 * One request at a time for a machine's provided actions: starting one aborts the previous, and an
 * answer that arrives after its request was aborted or replaced is dropped, so a machine never hears
 * a stale answer in a state that did not ask for it.
 */
export function createRequestSlot(): RequestSlot {
  let pending: AbortController | null = null
  return {
    start(request, { ok, fail }) {
      pending?.abort()
      const controller = new AbortController()
      pending = controller
      const { signal } = controller
      request(signal).then(
        (value) => {
          if (signal.aborted) return
          if (pending === controller) pending = null
          ok(value)
        },
        (error: unknown) => {
          if (signal.aborted || isAbort(error)) return
          if (pending === controller) pending = null
          fail(error)
        },
      )
    },
    cancel() {
      pending?.abort()
      pending = null
    },
  }
}
