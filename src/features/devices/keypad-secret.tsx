import { useQueryClient } from '@tanstack/react-query'
import { useI18nContext } from '../../../i18n/i18n-react'
import { issueDeviceSecret, refetchAfterSecret } from '../../api/access'
import type { Device } from '../../contract/devices'
import { IssueOnceDialog, ShownOnceDialog } from '../../ui/shown-once-dialog'

/** The keypad secret's words in the dialog that shows it once. */
function useSecretWords(name: string) {
  const { LL } = useI18nContext()
  return {
    digits: false,
    title: LL.keypad.secretShownTitle({ name }),
    description: LL.keypad.secretShownBody(),
    label: LL.keypad.secretLabel(),
    copyLabel: LL.keypad.copy(),
    copiedNotice: LL.keypad.copied(),
    doneLabel: LL.keypad.done(),
  }
}

/** A new device's secret from its create answer, shown once; null while closed. */
export function KeypadSecretDialog(props: {
  name: string
  secret: string | null
  onClose: () => void
}) {
  return (
    <ShownOnceDialog {...useSecretWords(props.name)} value={props.secret} onClose={props.onClose} />
  )
}

/**
 * "New keypad secret…": asks (the keypad cannot ask the server until it is given the new one, so
 * it starts on Cancel), makes it, shows it once.
 */
export function NewKeypadSecretDialog({
  device,
  onClose,
}: {
  device: Device
  onClose: () => void
}) {
  const { LL } = useI18nContext()
  const client = useQueryClient()
  return (
    <IssueOnceDialog
      issue={async () => {
        const issued = await issueDeviceSecret(device.device_id)
        void refetchAfterSecret(client)
        return issued.secret
      }}
      confirm={{
        title: LL.keypad.secretTitle({ name: device.name }),
        description: LL.keypad.secretBody(),
        confirmLabel: LL.keypad.secretConfirm(),
        pendingLabel: LL.keypad.making(),
        kind: 'destructive',
        tone: 'danger',
      }}
      shown={useSecretWords(device.name)}
      onClose={onClose}
    />
  )
}
