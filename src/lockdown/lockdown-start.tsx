import { useEffect, useRef } from 'react'
import { useLocation } from 'wouter'
import { useI18nContext } from '../../i18n/i18n-react'
import type { Location } from '../contract/locations'
import { pathTo } from '../contract/pages'
import { lockdownNeeds } from '../contract/permissions'
import { useSession } from '../session/session-context'
import { Button } from '../ui/button'
import { showToast } from '../ui/notice'
import { StartLockdownDialog, type ScopeChoice } from './lockdown-dialogs'
import { lockdownScopes } from './lockdown-scopes'
import { useLockdown } from './use-lockdown'

const dialogStates = new Set(['confirmingStart', 'starting', 'startRefused'])

/**
 * The start of a lockdown, driven by the lockdown machine: once the server answers, its page
 * opens with a notice naming the scope; closing the dialog cancels or dismisses the refusal.
 */
function useStartFlow(scopeName: string, onClosed?: () => void) {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const flow = useLockdown(null)
  const { actor, state, lockdownId } = flow
  const previous = useRef(state)
  useEffect(() => {
    const before = previous.current
    previous.current = state
    if (before === 'starting' && state === 'active' && lockdownId !== null) {
      showToast(LL.lockdown.started({ scope: scopeName }))
      navigate(pathTo('lockdowns-view', { id: lockdownId }))
      onClosed?.()
    }
  }, [state, lockdownId, LL, scopeName, navigate, onClosed])
  const close = () => {
    if (state === 'startRefused') actor.send({ type: 'error.dismiss' })
    if (state === 'confirmingStart') actor.send({ type: 'start.cancel' })
    onClosed?.()
  }
  return { flow, close, open: dialogStates.has(state) }
}

function StartDialog({
  scopes,
  start,
}: {
  scopes: readonly [ScopeChoice, ...ScopeChoice[]]
  start: ReturnType<typeof useStartFlow>
}) {
  const { flow, close } = start
  return (
    <StartLockdownDialog
      open
      scopes={scopes}
      initial={scopes[0]}
      busy={flow.state === 'starting'}
      refusal={flow.state === 'startRefused' ? flow.reason : null}
      onConfirm={flow.confirmStart}
      onClose={close}
    />
  )
}

/**
 * "Lock down …" on a place's page: the button (only for holders of lockdown:start) and its
 * dialog. `openNow` opens the dialog at once (a bookmarked `?command=lockdown`).
 */
export function LockdownStart({
  scopes,
  openNow,
}: {
  /** The first is chosen when the dialog opens. */
  scopes: readonly [ScopeChoice, ...ScopeChoice[]]
  openNow: boolean
}) {
  const { LL } = useI18nContext()
  const { can } = useSession()
  const start = useStartFlow(scopes[0].name)
  const { actor } = start.flow
  useEffect(() => {
    if (openNow) actor.send({ type: 'start.open' })
  }, [openNow, actor])
  if (!can(lockdownNeeds.start)) return null
  return (
    <>
      <Button tone="danger" onClick={() => actor.send({ type: 'start.open' })}>
        {LL.lockdown.lockDown()}
      </Button>
      {start.open ? <StartDialog scopes={scopes} start={start} /> : null}
    </>
  )
}

/**
 * The palette's "Lock down …" on a location: the same dialog where the person is (decision 063),
 * offering the location, its floors and the organization.
 */
export function LockdownStartDialog({
  entity,
  onClose,
}: {
  entity: Location
  onClose: () => void
}) {
  const { LL } = useI18nContext()
  const { user } = useSession()
  const organizationName =
    user?.organization_id === entity.organization_id
      ? user.organization_name
      : LL.lockdown.scopeTypes.organization()
  const scopes = lockdownScopes(entity, null, organizationName)
  const start = useStartFlow(entity.name, onClose)
  const { actor } = start.flow
  useEffect(() => {
    actor.send({ type: 'start.open' })
  }, [actor])
  return start.open ? <StartDialog scopes={scopes} start={start} /> : null
}
