import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useI18nContext } from '../../i18n/i18n-react'
import { doorModeSettingOptions, refetchDoorModes, setDoorMode } from '../api/door-modes'
import { groupPicker, schedulePicker } from '../api/pickers'
import { DoorModeInput, type DoorModeSetting, type ModeRef } from '../contract/door-modes'
import { Combobox } from '../ui/combobox/combobox'
import { Dialog } from '../ui/dialog'
import { DialogForm } from '../ui/form/dialog-form'
import { useContractForm } from '../ui/form/use-contract-form'
import { LoadFailed } from '../ui/load-failed'
import { showToast } from '../ui/notice'

interface SetScheduleFormProps {
  door: ModeRef
  /** What is set now, to start from; null when the door has no unlock schedule. */
  setting: DoorModeSetting | null
  title: string
  onClose: () => void
}

/** The pickers' values ('' for none) as the contract checks them. */
const inputOf = (values: { schedule_id: string; first_person_in_group_id: string }) => ({
  schedule_id: values.schedule_id === '' ? undefined : Number(values.schedule_id),
  first_person_in_group_id:
    values.first_person_in_group_id === '' ? null : Number(values.first_person_in_group_id),
})

/**
 * "Set unlock schedule…": the schedule and, optionally, the group whose first member in opens the
 * day, starting from what is set now; one PUT. A refusal keeps both choices and shows the
 * server's words at its field.
 */
export function SetScheduleDialog({ door, onClose }: { door: ModeRef; onClose: () => void }) {
  const { LL } = useI18nContext()
  const setting = useQuery(doorModeSettingOptions(door))
  const title = LL.doorModes.setTitle({ name: door.name })
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={title} hideClose>
      {setting.isError ? (
        <LoadFailed error={setting.error} onRetry={() => void setting.refetch()} />
      ) : setting.data === undefined ? (
        <p>{LL.common.loading()}</p>
      ) : (
        <SetScheduleForm door={door} setting={setting.data} title={title} onClose={onClose} />
      )}
    </Dialog>
  )
}

function SetScheduleForm({ door, setting, title, onClose }: SetScheduleFormProps) {
  const { LL } = useI18nContext()
  const client = useQueryClient()
  const form = useContractForm(
    DoorModeInput,
    {
      schedule_id: setting === null ? '' : String(setting.schedule_id),
      first_person_in_group_id:
        setting?.first_person_in_group_id == null ? '' : String(setting.first_person_in_group_id),
    },
    {
      prepare: inputOf,
      onSubmit: async (input) => {
        const saved = await setDoorMode(door, input)
        await refetchDoorModes(client)
        showToast(LL.doorModes.saved_notice({ name: door.name, schedule: saved.schedule_name }))
        onClose()
      },
    },
  )
  return (
    <DialogForm form={form} label={title} submitLabel={LL.doorModes.save()} onCancel={onClose}>
      <Combobox
        name="schedule_id"
        label={LL.doorModes.schedule()}
        hint={LL.doorModes.scheduleHint()}
        required
        source={schedulePicker}
        value={form.values.schedule_id}
        error={form.error('schedule_id')}
        onChange={(value) => form.set('schedule_id', value)}
        onBlur={() => form.blur('schedule_id')}
      />
      <Combobox
        name="first_person_in_group_id"
        label={LL.doorModes.firstIn()}
        hint={LL.doorModes.firstInHint()}
        source={groupPicker}
        value={form.values.first_person_in_group_id}
        error={form.error('first_person_in_group_id')}
        onChange={(value) => form.set('first_person_in_group_id', value)}
        onBlur={() => form.blur('first_person_in_group_id')}
      />
    </DialogForm>
  )
}
