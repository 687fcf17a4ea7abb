import { clearTokens } from './tokens'

// The client's side of the session, kept free of the HTTP code so the session can start on /login
// without loading the client, superstruct and the contract (the /login JS budget).

export type SessionSignal =
  { type: 'refresh.started' } | { type: 'refresh.finished' } | { type: 'session.ended' }

const listeners = new Set<(signal: SessionSignal) => void>()

/** The session machine listens here: the client owns no session state of its own beyond tokens. */
export function onSessionSignal(listener: (signal: SessionSignal) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function emitSessionSignal(signal: SessionSignal) {
  for (const listener of listeners) listener(signal)
}

// Bumped by every sign-out: a refresh or retry that started under an older generation must not
// store tokens or sign anybody out, so a logout during a refresh stays a logout.
let generation = 0
const signOutHooks = new Set<() => void>()
const forgetListeners = new Set<() => void>()

export function sessionGeneration(): number {
  return generation
}

/** Lets the refresh module drop its in-flight refresh when a session ends. */
export function onLocalSignOut(hook: () => void): () => void {
  signOutHooks.add(hook)
  return () => signOutHooks.delete(hook)
}

/** Runs whenever a session ends: whoever caches user data (react-query) drops it. */
export function onSessionForgotten(listener: () => void): () => void {
  forgetListeners.add(listener)
  return () => forgetListeners.delete(listener)
}

/**
 * Forget the session locally (logout, expiry, another tab logged out): tokens, work in flight and
 * every cache of the user's data, in one place so no path can forget one and keep another.
 */
export function signOutLocally() {
  generation += 1
  for (const hook of signOutHooks) hook()
  clearTokens()
  for (const listener of forgetListeners) listener()
}

/** The refresh failed or the server refused the new token: sign out and tell the session. */
export function endSession() {
  signOutLocally()
  emitSessionSignal({ type: 'session.ended' })
}
