import { useEffect, useRef } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import { RELEASE_MINUTES, type Lockdown } from '../contract/lockdowns'
import { Button } from '../ui/button'
import { showToast } from '../ui/notice'
import { ApproveReleaseDialog, RequestReleaseDialog } from './lockdown-dialogs'
import * as styles from './lockdown.css'
import { useLockdown } from './use-lockdown'

// Which dialog each state of the machine shows.
const requestStates = new Set(['confirmingRequest', 'requesting', 'requestRefused'])
const approveStates = new Set(['confirmingApproval', 'approving', 'approveRefused'])

/**
 * "Request release" and "Approve release" for one lockdown, each with its dialog, driven by the
 * lockdown machine: shown only to holders of the release right, approve only to someone other
 * than the requester (the banner, the lockdown page). `approveNow` opens the approval at once (the
 * palette's "Approve release of …").
 */
export function LockdownActions({
  lockdown,
  approveNow = false,
}: {
  lockdown: Lockdown
  approveNow?: boolean
}) {
  const { LL } = useI18nContext()
  const flow = useLockdown(lockdown)
  const { actor, state } = flow
  const previous = useRef(state)
  // A request or approval that succeeded closes its dialog and says so.
  useEffect(() => {
    const before = previous.current
    previous.current = state
    if (before === 'requesting' && state === 'releaseRequested') showToast(LL.lockdown.requested())
    if (before === 'approving' && state === 'released')
      showToast(LL.lockdown.released({ scope: lockdown.scope_name }))
  }, [state, LL, lockdown.scope_name])
  const offeredApprove = flow.approveOffered
  useEffect(() => {
    if (approveNow && offeredApprove && state === 'releaseRequested') {
      actor.send({ type: 'approve.open' })
    }
  }, [approveNow, offeredApprove, state, actor])

  const close = () => {
    if (state === 'requestRefused' || state === 'approveRefused')
      actor.send({ type: 'error.dismiss' })
    if (state === 'confirmingRequest') actor.send({ type: 'request.cancel' })
    if (state === 'confirmingApproval') actor.send({ type: 'approve.cancel' })
  }
  if (!flow.canRelease || lockdown.state === 'released') return null
  // A button stays while its dialog is open: closing the dialog gives focus back to it.
  const canRequest = state === 'active' || state === 'lapsed' || requestStates.has(state)
  const canApprove =
    flow.approveOffered && (state === 'releaseRequested' || approveStates.has(state))
  return (
    <div className={styles.actions}>
      {canRequest ? (
        <Button size="sm" tone="secondary" onClick={() => actor.send({ type: 'release.open' })}>
          {LL.lockdown.requestRelease()}
        </Button>
      ) : null}
      {canApprove ? (
        <Button size="sm" tone="primary" onClick={() => actor.send({ type: 'approve.open' })}>
          {LL.lockdown.approveRelease()}
        </Button>
      ) : null}
      {requestStates.has(state) ? (
        <RequestReleaseDialog
          open
          lockdown={lockdown}
          minutes={RELEASE_MINUTES}
          busy={state === 'requesting'}
          refusal={state === 'requestRefused' ? flow.reason : null}
          onConfirm={flow.confirmRequest}
          onClose={close}
        />
      ) : null}
      {approveStates.has(state) ? (
        <ApproveReleaseDialog
          open
          lockdown={lockdown}
          busy={state === 'approving'}
          refusal={state === 'approveRefused' ? flow.reason : null}
          onConfirm={flow.confirmApprove}
          onClose={close}
        />
      ) : null}
    </div>
  )
}
