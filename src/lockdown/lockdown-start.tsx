import { useEffect, useRef } from 'react'
import { useLocation } from 'wouter'
import { useI18nContext } from '../../i18n/i18n-react'
import { pathTo } from '../contract/pages'
import { lockdownNeeds } from '../contract/permissions'
import { useSession } from '../session/session-context'
import { Button } from '../ui/button'
import { showToast } from '../ui/notice'
import { StartLockdownDialog, type ScopeChoice } from './lockdown-dialogs'
import { useLockdown } from './use-lockdown'

const dialogStates = new Set(['confirmingStart', 'starting', 'startRefused'])

/**
 * "Lock down …" on a place's page: the button (only for holders of lockdown:start) and its
 * dialog, driven by the lockdown machine; once the server answers, the lockdown's page opens.
 * `openNow` opens the dialog at once (the palette's "Lock down …" lands with `?command=lockdown`).
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
  const [, navigate] = useLocation()
  const flow = useLockdown(null)
  const { actor, state, lockdownId } = flow
  const [first] = scopes
  useEffect(() => {
    if (openNow) actor.send({ type: 'start.open' })
  }, [openNow, actor])
  const previous = useRef(state)
  useEffect(() => {
    const before = previous.current
    previous.current = state
    if (before === 'starting' && state === 'active' && lockdownId !== null) {
      showToast(LL.lockdown.started({ scope: first.name }))
      navigate(pathTo('lockdowns-view', { id: lockdownId }))
    }
  }, [state, lockdownId, LL, first.name, navigate])
  if (!can(lockdownNeeds.start)) return null
  const close = () => {
    if (state === 'startRefused') actor.send({ type: 'error.dismiss' })
    if (state === 'confirmingStart') actor.send({ type: 'start.cancel' })
  }
  return (
    <>
      <Button tone="danger" onClick={() => actor.send({ type: 'start.open' })}>
        {LL.lockdown.lockDown()}
      </Button>
      {dialogStates.has(state) ? (
        <StartLockdownDialog
          open
          scopes={scopes}
          initial={first}
          busy={state === 'starting'}
          refusal={state === 'startRefused' ? flow.reason : null}
          onConfirm={flow.confirmStart}
          onClose={close}
        />
      ) : null}
    </>
  )
}
