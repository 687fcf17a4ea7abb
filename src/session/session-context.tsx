import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react'
import type { FactorMethod, SessionError, SessionUser } from '../../machines/session.machine'
import { can as canWith, type Can } from '../contract/permissions'
import type { Me } from '../contract/users'
import type { SessionHandle, SessionStatus, SessionView } from './session-types'

// The machine mirrors the contract's profile structurally (it may import only xstate); this type
// fails to compile the day the two drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Assert<T extends true> = T
export type ProfileMatchesMachine = Assert<Same<Me, SessionUser>>

const SessionHandleContext = createContext<SessionHandle | null>(null)

export function SessionProvider({
  handle,
  children,
}: {
  handle: SessionHandle
  children: ReactNode
}) {
  return <SessionHandleContext value={handle}>{children}</SessionHandleContext>
}

/** Sends events to the session machine (loading it first on a guest page). */
export function useSessionActor(): SessionHandle {
  const handle = useContext(SessionHandleContext)
  if (!handle) throw new Error('useSessionActor outside <SessionProvider>')
  return handle
}

export type Session = {
  status: SessionStatus
  user: Me | null
  error: SessionError | null
  retryAfter: number | null
  /** The factors offered at the factor step. */
  methods: readonly FactorMethod[]
  /** Requirements R6.4: any one listed permission suffices; an empty list needs none. */
  can: Can
}

// React's own store hook: @xstate/react's useSelector would add its shim to the /login bundle.
function useView<T>(handle: SessionHandle, select: (view: SessionView) => T): T {
  return useSyncExternalStore(handle.subscribe, () => select(handle.getView()))
}

export function useSession(): Session {
  const handle = useSessionActor()
  const status = useView(handle, (view) => view.status)
  const user = useView(handle, (view) => view.user)
  const error = useView(handle, (view) => view.error)
  const retryAfter = useView(handle, (view) => view.retryAfter)
  const methods = useView(handle, (view) => view.methods)
  const can = useCallback(
    (anyOf: readonly string[]) => user !== null && canWith(user.permissions, anyOf),
    [user],
  )
  return { status, user, error, retryAfter, methods, can }
}
