import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react'
import type { SessionError, SessionUser } from '../../../machines/session.machine'
import { can as canWith } from '../../contract/permissions'
import type { Me } from '../../contract/users'
import type { SessionActor } from './session-actor'

// The machine mirrors the contract's profile structurally (it may import only xstate); this type
// fails to compile the day the two drift apart.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type Assert<T extends true> = T
export type ProfileMatchesMachine = Assert<Same<Me, SessionUser>>

export type SessionStatus =
  'restoring' | 'signedOut' | 'signingIn' | 'loadingProfile' | 'profileFailed' | 'signedIn'

const SessionActorContext = createContext<SessionActor | null>(null)

export function SessionProvider({ actor, children }: { actor: SessionActor; children: ReactNode }) {
  return <SessionActorContext value={actor}>{children}</SessionActorContext>
}

export function useSessionActor(): SessionActor {
  const actor = useContext(SessionActorContext)
  if (!actor) throw new Error('useSessionActor outside <SessionProvider>')
  return actor
}

const statuses: readonly SessionStatus[] = [
  'signedIn',
  'signedOut',
  'signingIn',
  'loadingProfile',
  'profileFailed',
  'restoring',
]

export type Session = {
  status: SessionStatus
  user: Me | null
  error: SessionError | null
  retryAfter: number | null
  /** SPEC 6: any one listed permission suffices; an empty list needs none. */
  can: (anyOf: readonly string[]) => boolean
}

type Snapshot = ReturnType<SessionActor['getSnapshot']>

// React's own store hook: @xstate/react's useSelector would add its shim to the /login bundle.
function useSnapshot<T>(actor: SessionActor, select: (snapshot: Snapshot) => T): T {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = actor.subscribe(onChange)
      return () => subscription.unsubscribe()
    },
    [actor],
  )
  return useSyncExternalStore(subscribe, () => select(actor.getSnapshot()))
}

export function useSession(): Session {
  const actor = useSessionActor()
  const status = useSnapshot(
    actor,
    (snapshot) => statuses.find((name) => snapshot.matches(name)) ?? 'restoring',
  )
  const user = useSnapshot(actor, (snapshot) => snapshot.context.user)
  const error = useSnapshot(actor, (snapshot) => snapshot.context.error)
  const retryAfter = useSnapshot(actor, (snapshot) => snapshot.context.retryAfter)
  const can = useCallback(
    (anyOf: readonly string[]) => user !== null && canWith(user.permissions, anyOf),
    [user],
  )
  return { status, user, error, retryAfter, can }
}
