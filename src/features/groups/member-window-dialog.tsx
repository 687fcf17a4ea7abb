import { useQueryClient } from '@tanstack/react-query'
import { useI18nContext } from '../../../i18n/i18n-react'
import { addMembers, groupKeys } from '../../api/groups'
import { refetchAfterWrite } from '../../api/queries'
import type { Group, Member } from '../../contract/access-model'
import { windowValues } from '../../lib/memberships'
import { Dialog } from '../../ui/dialog'
import { DialogForm } from '../../ui/form/dialog-form'
import { useMembershipForm } from '../../ui/form/use-membership-form'
import { showToast } from '../../ui/notice'
import { WindowFields } from '../../ui/window-fields'
import { memberName } from './member-names'

interface MemberWindowDialogProps {
  group: Group
  member: Member
  onClose: () => void
}

/** "Change dates": a member's window, sent as adding them again (which sets it). */
export function MemberWindowDialog({ group, member, onClose }: MemberWindowDialogProps) {
  const { LL } = useI18nContext()
  const client = useQueryClient()
  const name = memberName(member)
  const form = useMembershipForm({
    userIds: [member.user_id],
    initial: windowValues(member),
    send: async (members) => {
      await addMembers(group.group_id, members)
      await refetchAfterWrite(client, groupKeys, { kind: 'saved' })
      showToast(LL.groups.windowSaved_notice({ name, group: group.name }))
      onClose()
    },
  })
  const title = LL.groups.windowTitle({ name, group: group.name })
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={title} hideClose>
      <DialogForm form={form} label={title} submitLabel={LL.common.save()} onCancel={onClose}>
        <WindowFields values={form.dates} error={form.error} onChange={form.set} />
      </DialogForm>
    </Dialog>
  )
}
