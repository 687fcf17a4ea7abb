import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useI18nContext } from '../../../i18n/i18n-react'
import { issuePersonPin, personPinState, refetchAfterPinChange } from '../../api/access'
import type { User } from '../../contract/users'
import { IssueOnceDialog } from '../../ui/shown-once-dialog'
import { fullName } from './user-names'

/**
 * "Make PIN" or "Change PIN": asks first (a change stops the old PIN at once, so it starts on
 * Cancel), then shows the new PIN once; nothing can show it again.
 */
export function PersonPinDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { LL } = useI18nContext()
  const client = useQueryClient()
  const state = useQuery(personPinState(user.user_id))
  const name = fullName(user)
  // Until the state is known, ask as for a change: the safer of the two.
  const making = state.data?.has_pin === false
  return (
    <IssueOnceDialog
      issue={async () => {
        const issued = await issuePersonPin(user.user_id)
        void refetchAfterPinChange(client)
        return issued.pin
      }}
      confirm={{
        title: making ? LL.personPin.makeTitle({ name }) : LL.personPin.changeTitle({ name }),
        description: making ? LL.personPin.makeBody({ name }) : LL.personPin.changeBody({ name }),
        confirmLabel: making ? LL.personPin.make() : LL.personPin.change(),
        pendingLabel: LL.personPin.making(),
        kind: making ? 'reversible' : 'destructive',
        tone: making ? 'primary' : 'danger',
      }}
      shown={{
        digits: true,
        title: LL.personPin.issuedTitle({ name }),
        description: LL.personPin.issuedBody({ name }),
        label: LL.personPin.pinLabel(),
        copyLabel: LL.personPin.copy(),
        copiedNotice: LL.personPin.copied(),
        doneLabel: LL.personPin.done(),
      }}
      onClose={onClose}
    />
  )
}
