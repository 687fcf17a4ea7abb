import { useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { addMembers, groupKeys, removeMembers } from '../../api/groups'
import { groupPicker } from '../../api/pickers'
import { refetchAfterWrite } from '../../api/queries'
import type { User } from '../../contract/users'
import { GroupChoice, groupChoiceOf, groupProblem } from '../../lib/memberships'
import type { PickerOption } from '../../lib/picker-search'
import { Combobox } from '../../ui/combobox/combobox'
import { Dialog } from '../../ui/dialog'
import { DialogForm, type DialogFormState } from '../../ui/form/dialog-form'
import { useContractForm } from '../../ui/form/use-contract-form'
import { useMembershipForm } from '../../ui/form/use-membership-form'
import { showToast } from '../../ui/notice'
import { WindowFields } from '../../ui/window-fields'
import { fullName } from './user-names'

// A person's side of the groups (decision 065): "Add to group…" for one person (the palette, the
// person's actions) or the users list's selection, and "Remove from group…". Each asks for the
// group with its picker and sends one request (adding: one per 1,000 people).

interface GroupDialogProps {
  title: string
  submitLabel: string
  form: DialogFormState
  onClose: () => void
  /** The chosen group's id, '' for none. */
  value: string
  error: string | null
  onChange: (value: string, option: PickerOption | null) => void
  onBlur?: () => void
  children?: ReactNode
}

/** Both dialogs: the group asked for with its picker first, then what else the dialog asks. */
function GroupDialog(props: GroupDialogProps) {
  const { title, submitLabel, form, onClose, children, ...group } = props
  const { LL } = useI18nContext()
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={title} hideClose>
      <DialogForm form={form} label={title} submitLabel={submitLabel} onCancel={onClose}>
        <Combobox
          name="group_id"
          label={LL.groups.group()}
          hint={LL.groups.pickGroupHint()}
          required
          source={groupPicker}
          {...group}
        />
        {children}
      </DialogForm>
    </Dialog>
  )
}

interface AddToGroupDialogProps {
  users: readonly User[]
  onClose: () => void
  /** After the people were added: the selection is done with. */
  onDone?: () => void
}

export function AddToGroupDialog({ users, onClose, onDone }: AddToGroupDialogProps) {
  const { LL } = useI18nContext()
  const client = useQueryClient()
  const [group, setGroup] = useState<PickerOption | null>(null)
  const groupId = group?.value ?? ''
  const form = useMembershipForm({
    userIds: users.map((user) => user.user_id),
    check: () => {
      const problem = groupProblem(groupId)
      return problem ? { group_id: problem } : {}
    },
    send: async (members) => {
      const changed = await addMembers(Number(groupId), members)
      await refetchAfterWrite(client, groupKeys, { kind: 'saved' })
      showToast(LL.groups.addedToGroup_notice({ group: group?.label ?? '', ...changed }))
      onDone?.()
      onClose()
    },
  })
  const [only] = users
  const title =
    users.length === 1 && only
      ? LL.groups.addToGroupTitle({ name: fullName(only) })
      : LL.groups.addSelectedTitle({ count: users.length })
  return (
    <GroupDialog
      title={title}
      submitLabel={LL.groups.addToGroupConfirm()}
      form={form}
      onClose={onClose}
      value={groupId}
      error={form.error('group_id')}
      onChange={(_, option) => setGroup(option)}
    >
      <WindowFields values={form.dates} error={form.error} onChange={form.set} />
    </GroupDialog>
  )
}

interface RemoveFromGroupDialogProps {
  user: User
  onClose: () => void
}

export function RemoveFromGroupDialog({ user, onClose }: RemoveFromGroupDialogProps) {
  const { LL } = useI18nContext()
  const client = useQueryClient()
  const [groupName, setGroupName] = useState('')
  const name = fullName(user)
  const form = useContractForm(
    GroupChoice,
    { group_id: '' },
    {
      fields: ['group_id'],
      prepare: (values) => groupChoiceOf(values.group_id),
      onSubmit: async ({ group_id }) => {
        const { removed } = await removeMembers(group_id, [user.user_id])
        await refetchAfterWrite(client, groupKeys, { kind: 'saved' })
        // Nobody to take out is no failure, but the person should know nothing changed.
        if (removed === 0)
          showToast(LL.groups.notInGroup_notice({ name, group: groupName }), 'warning')
        else showToast(LL.groups.removedFromGroup_notice({ name, group: groupName }))
        onClose()
      },
    },
  )
  const title = LL.groups.removeFromGroupTitle({ name })
  return (
    <GroupDialog
      title={title}
      submitLabel={LL.groups.removeFromGroupConfirm()}
      form={form}
      onClose={onClose}
      value={form.values.group_id}
      error={form.error('group_id')}
      onChange={(value, option) => {
        form.set('group_id', value)
        setGroupName(option?.label ?? '')
      }}
      onBlur={() => form.blur('group_id')}
    />
  )
}
