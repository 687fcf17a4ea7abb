import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { addMembers, groupKeys } from '../../api/groups'
import { userPicker } from '../../api/pickers'
import { refetchAfterWrite } from '../../api/queries'
import type { Group } from '../../contract/access-model'
import type { PickerOption } from '../../lib/picker-search'
import { Button } from '../../ui/button'
import { Combobox } from '../../ui/combobox/combobox'
import { Dialog } from '../../ui/dialog'
import { DialogForm } from '../../ui/form/dialog-form'
import { useMembershipForm } from '../../ui/form/use-membership-form'
import { showToast } from '../../ui/notice'
import { WindowFields } from '../../ui/window-fields'
import * as styles from './groups.css'

interface AddMembersDialogProps {
  group: Group
  onClose: () => void
}

/**
 * "Add members…": people chosen one after another with the user picker, one window for all of
 * them, sent as one request (or one per 1,000). A refusal keeps the list and the dates.
 */
export function AddMembersDialog({ group, onClose }: AddMembersDialogProps) {
  const { LL } = useI18nContext()
  const client = useQueryClient()
  const [people, setPeople] = useState<readonly PickerOption[]>([])
  const form = useMembershipForm({
    userIds: people.map((person) => Number(person.value)),
    send: async (members) => {
      const changed = await addMembers(group.group_id, members)
      await refetchAfterWrite(client, groupKeys, { kind: 'saved' })
      showToast(LL.groups.added_notice({ group: group.name, ...changed }))
      onClose()
    },
  })
  const title = LL.groups.addMembersTitle({ name: group.name })
  const choose = (option: PickerOption | null) => {
    if (option === null || people.some((person) => person.value === option.value)) return
    setPeople([...people, option])
  }
  // The button goes with its person: focus goes back to the picker, where the next one is chosen.
  const unchoose = (person: PickerOption) => {
    setPeople(people.filter((p) => p.value !== person.value))
    form.formRef.current?.querySelector<HTMLElement>('[data-field="people"]')?.focus()
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      description={LL.groups.addMembersBody()}
      hideClose
    >
      <DialogForm
        form={form}
        label={title}
        submitLabel={LL.groups.addConfirm({ count: people.length })}
        onCancel={onClose}
      >
        <Combobox
          name="people"
          label={LL.groups.pickPerson()}
          hint={LL.groups.pickPersonHint()}
          source={userPicker}
          value=""
          error={form.error('people')}
          onChange={(_, option) => choose(option)}
        />
        <div className={styles.section}>
          <h3 className={styles.chosenHeading}>{LL.groups.chosen()}</h3>
          {people.length === 0 ? (
            <p className={styles.muted}>{LL.groups.nobodyChosen()}</p>
          ) : (
            <ul className={styles.chosen}>
              {people.map((person) => (
                <li key={person.value} className={styles.chosenItem}>
                  <span>
                    {person.label}
                    {person.detail ? ` · ${person.detail}` : ''}
                  </span>
                  <Button
                    tone="ghost"
                    size="sm"
                    aria-label={LL.groups.unchoose({ name: person.detail ?? person.label })}
                    onClick={() => unchoose(person)}
                  >
                    <span aria-hidden="true">×</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <WindowFields values={form.dates} error={form.error} onChange={form.set} />
      </DialogForm>
    </Dialog>
  )
}
