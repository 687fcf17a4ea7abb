import { useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import {
  createContext,
  use,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react'
import { useLocation } from 'wouter'
import { useI18nContext } from '../../i18n/i18n-react'
import { actionAvailability } from '../commands/availability'
import type { Action } from '../commands/command'
import { restoreFocus } from '../ui/focus'
import { showToast } from '../ui/notice'
import { useSession } from '../session/session-context'
import { ActionConfirmDialog, ActionFailedDialog } from './command-dialogs'
import { failureWords } from './command-errors'
import { createHost, type Asked } from './host-machine'

/** Runs an action on an entity through the host: what the palette, buttons, keys and links call. */
export type Perform = <E>(action: Action<E>, entity: E, origin?: 'link') => void

const PerformContext = createContext<Perform | null>(null)

/** The host's `perform`, for a page's buttons and rows. */
export function usePerform(): Perform {
  const perform = use(PerformContext)
  if (perform === null) throw new Error('usePerform outside the ActionHost')
  return perform
}

/**
 * The one place an action runs (decision 063), mounted once around the signed-in shell: it checks
 * the one availability rule, asks the action's confirmation (once, or twice for force unlock) or
 * opens its own dialog, runs it once with an idempotency key, tells the receipt when the answer is
 * late, shows the success notice or the error dialog, and gives focus back to where it was asked.
 */
export function ActionHost({ children }: { children: ReactNode }) {
  const { LL } = useI18nContext()
  const { can, user } = useSession()
  const queryClient = useQueryClient()
  const [, navigate] = useLocation()
  const [asked, setAsked] = useState<Asked | null>(null)
  const [dialog, setDialog] = useState<Asked | null>(null)
  const [failedWith, setFailedWith] = useState<unknown>(null)
  const askedFrom = useRef<HTMLElement | null>(null)

  const [host] = useState(() => createHost(setFailedWith))
  const actor = useActorRef(host.machine)
  useEffect(() => () => host.stop(), [host])
  const state = useSelector(actor, (snapshot) => snapshot.value)
  const failure = useSelector(actor, (snapshot) => snapshot.context.failure)

  const perform: Perform = (action, entity, origin) => {
    const confirm = action.confirm ?? (origin === 'link' ? action.linkConfirm : undefined)
    const taken: Asked = { action, entity, confirm }
    const active = document.activeElement
    askedFrom.current = active instanceof HTMLElement ? active : null
    const found = actionAvailability(taken.action, entity, can, { userId: user?.user_id ?? 0 })
    if (found.state !== 'enabled') {
      if (found.state === 'disabled') showToast(found.reason(LL), 'warning')
      return
    }
    if (action.dialog !== undefined) {
      setDialog(taken)
      return
    }
    host.ask(taken)
    setAsked(taken)
    actor.send({
      type: 'action.request',
      action: action.id,
      allowed: true,
      confirmations: confirm === undefined ? 0 : confirm.again ? 2 : 1,
      idempotencyKey: crypto.randomUUID(),
    })
  }
  useLayoutEffect(() => {
    host.surround({ LL, queryClient, navigate: (path) => navigate(path), perform })
  })
  // Once per late answer: the receipt goes on waiting, and the person may go on meanwhile.
  useEffect(() => {
    if (state === 'awaitingOutcome') showToast(LL.actions.waiting(), 'warning')
  }, [state, LL])
  const giveFocusBack = (event: Event) => {
    event.preventDefault()
    restoreFocus(askedFrom.current)
  }

  const confirming = state === 'confirming' || state === 'confirmingAgain' || state === 'running'
  const confirm = asked?.confirm
  return (
    <PerformContext value={perform}>
      {children}
      {asked !== null && confirm !== undefined ? (
        <ActionConfirmDialog
          open={confirming}
          step={
            state === 'confirmingAgain' || (state === 'running' && confirm.again)
              ? (confirm.again ?? confirm)
              : confirm
          }
          tone={state === 'confirmingAgain' ? 'destructive' : confirm.tone}
          again={confirm.again !== undefined && state === 'confirming'}
          danger={asked.action.tone === 'danger'}
          stepUp={asked.action.stepUp === true}
          entity={asked.entity}
          running={state === 'running'}
          onConfirm={() =>
            actor.send({
              type: state === 'confirmingAgain' ? 'action.confirmAgain' : 'action.confirm',
            })
          }
          onCancel={() => actor.send({ type: 'action.cancel' })}
          onCloseAutoFocus={giveFocusBack}
        />
      ) : null}
      <ActionFailedDialog
        failure={state === 'failed' ? failure : null}
        reason={failedWith === null ? null : failureWords(LL, failedWith)}
        onDismiss={() => actor.send({ type: 'error.dismiss' })}
        onCloseAutoFocus={giveFocusBack}
      />
      {dialog?.action.dialog?.({ entity: dialog.entity, onClose: () => setDialog(null) })}
    </PerformContext>
  )
}
