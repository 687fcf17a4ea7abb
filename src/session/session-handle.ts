import type { SessionContext, SessionEvent } from '../../machines/session.machine'
import { onSessionSignal, signOutLocally } from '../api/session-signals'
import { hasStoredSession, subscribeOtherTabs } from '../api/tokens'
import type { SessionActor } from './session-actor'
import type { SessionHandle, SessionView } from './session-types'

// The machine makes a new (empty) list where the view holds another: equal lists are no change.
const sameMethods = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((method, index) => method === b[index])

const empty: SessionContext = { user: null, error: null, retryAfter: null, methods: [] }

/**
 * A guest's first key or pointer press (or input: autofill, paste) starts the download, so the
 * machine is usually running by the time the form is submitted: the sign-in request does not wait
 * for the chunk.
 */
function loadOnFirstInput(load: () => Promise<void>) {
  const kinds = ['keydown', 'pointerdown', 'input'] as const
  const onInput = () => {
    for (const kind of kinds) window.removeEventListener(kind, onInput, true)
    void load()
  }
  for (const kind of kinds) window.addEventListener(kind, onInput, true)
}

/**
 * The machine with XState is a lazy chunk: a guest's /login does not load it (the /login JS budget,
 * docs/benchmarks.md). Until it runs, the view is the state the machine itself starts in —
 * `restoring` with stored tokens (the machine is then loaded at once), otherwise `signedOut`, where
 * the machine's restore step would end up. The first event loads the machine, which replays its own
 * restore and then receives the queued events, so every transition still happens inside the
 * machine.
 */
export function startSession(): SessionHandle {
  const listeners = new Set<() => void>()
  const queued: SessionEvent[] = []
  let view: SessionView = { ...empty, status: hasStoredSession() ? 'restoring' : 'signedOut' }
  let actor: SessionActor | null = null
  let loading: Promise<void> | null = null

  const setView = (next: SessionView) => {
    if (
      next.status === view.status &&
      next.user === view.user &&
      next.error === view.error &&
      next.retryAfter === view.retryAfter &&
      sameMethods(next.methods, view.methods)
    )
      return
    view = next
    for (const listener of listeners) listener()
  }

  const load = () =>
    (loading ??= import('./session-actor').then(
      ({ startSessionActor, viewOf }) => {
        const running = startSessionActor()
        actor = running
        const sync = () => {
          const next = viewOf(running.getSnapshot())
          // The machine replays its restore step: the view already shows where that ends, and a
          // flash of `restoring` would unmount the login form the user is typing into.
          if (next.status === 'restoring') return
          setView(next)
          // Events sent while the chunk loaded wait until the machine has read the storage itself.
          for (const event of queued.splice(0)) running.send(event)
        }
        running.subscribe(sync)
        sync()
      },
      (error: unknown) => {
        // A failed chunk download (offline): the next event tries again; nothing was sent yet.
        console.warn('Session machine failed to load', error)
        loading = null
      },
    ))

  const send = (event: SessionEvent) => {
    if (actor && !actor.getSnapshot().matches('restoring') && queued.length === 0) {
      actor.send(event)
      return
    }
    queued.push(event)
    void load()
  }

  onSessionSignal((signal) => {
    if (signal.type === 'refresh.started') send({ type: 'session.refresh.started' })
    else if (signal.type === 'refresh.finished') send({ type: 'session.refresh.finished' })
    else send({ type: 'session.ended' })
  })
  subscribeOtherTabs((change) => {
    if (change === 'stored') {
      send({ type: 'session.otherTab.signedIn' })
      return
    }
    // Another tab logged out: its clear already removed the tokens; invalidate our work in flight.
    signOutLocally()
    send({ type: 'session.ended' })
  })
  if (view.status === 'restoring') void load()
  else loadOnFirstInput(load)

  return {
    getView: () => view,
    subscribe: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    send,
    load,
  }
}
