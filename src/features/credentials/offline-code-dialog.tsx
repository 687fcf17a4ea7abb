import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { isHttpStatus } from '../../api/api-error'
import { fetchCredentialDevice } from '../../api/credentials'
import type { Credential } from '../../contract/credentials'
import { createPinNeeds } from '../../contract/permissions'
import { useSession } from '../../session/session-context'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { Spinner } from '../../ui/loading'
import { Notice, showToast } from '../../ui/notice'
import * as styles from './credentials.css'
import { useOfflineCode } from './use-offline-code'

type CodeCredential = Pick<
  Credential,
  | 'credential_id'
  | 'start_datetime'
  | 'end_datetime'
  | 'assignment_type'
  | 'assignment_id'
  | 'assignment_name'
  | 'meta_data'
>

interface OfflineCodeDialogProps {
  credential: CodeCredential | null
  onClose: () => void
}

/** "123456" → "123 456": groups of three read and type back more reliably than six digits. */
export function groupPin(pin: string): string {
  return (pin.match(/.{1,3}/g) ?? []).join(' ')
}

/**
 * The offline-code flow (requirements R4.11): Show Code when the credential holds a PIN, otherwise
 * Generate Offline Code on its device. A credential for a door or a location has no single device
 * to program.
 */
export function OfflineCodeDialog({ credential, onClose }: OfflineCodeDialogProps) {
  if (!credential) return null
  return <DeviceLoader key={credential.credential_id} credential={credential} onClose={onClose} />
}

function DeviceLoader({
  credential,
  onClose,
}: {
  credential: CodeCredential
  onClose: () => void
}) {
  const { LL } = useI18nContext()
  const forDevice = credential.assignment_type === 'device'
  const device = useQuery({
    queryKey: ['credentials', 'device', credential.assignment_id],
    queryFn: ({ signal }) => fetchCredentialDevice(credential.assignment_id, signal),
    enabled: forDevice,
    retry: false,
  })
  // A device this user may not see is, for this dialog, a device it cannot program.
  const hidden = isHttpStatus(device.error, 403) || isHttpStatus(device.error, 404)
  if (forDevice && device.isError && !hidden) {
    return (
      <Dialog
        open
        onOpenChange={(open) => (open ? undefined : onClose())}
        title={LL.credentials.code.failedTitle()}
        footer={
          <Button autoFocus onClick={() => void device.refetch()}>
            {LL.common.retry()}
          </Button>
        }
      >
        <Notice tone="danger">{LL.errors.default_error()}</Notice>
      </Dialog>
    )
  }
  if (forDevice && device.isPending) {
    return (
      <Dialog
        open
        onOpenChange={(open) => (open ? undefined : onClose())}
        title={LL.credentials.code.showTitle()}
      >
        <Spinner label={LL.credentials.code.checking()} />
      </Dialog>
    )
  }
  return <CodeFlow credential={credential} device={device.data ?? null} onClose={onClose} />
}

type FlowProps = {
  credential: CodeCredential
  device: Parameters<typeof useOfflineCode>[0]['device']
  onClose: () => void
}

function CodeFlow({ credential, device, onClose }: FlowProps) {
  const { LL } = useI18nContext()
  const { can } = useSession()
  const { snapshot, send } = useOfflineCode({
    credential,
    device,
    hasPin: credential.meta_data.command_output.pin !== null,
    mayGenerate: can(createPinNeeds),
    onCopied: () => showToast(LL.credentials.code.copied()),
  })
  const done = snapshot.status === 'done'
  useEffect(() => {
    if (done) onClose()
  }, [done, onClose])
  const { pin, unavailable, failure } = snapshot.context
  const key = () => crypto.randomUUID()
  const close = () => send({ type: 'code.close' })
  const closeButton = (autoFocus: boolean) => (
    <Button tone="secondary" autoFocus={autoFocus} onClick={close}>
      {LL.common.close()}
    </Button>
  )

  let title = LL.credentials.code.showTitle()
  let body = <Spinner label={LL.credentials.code.checking()} />
  let footer = closeButton(false)
  if (snapshot.matches('showingCode') && pin !== null) {
    body = (
      <>
        <p
          className={styles.pin}
          aria-label={`${LL.credentials.code.pinLabel()}: ${pin.split('').join(' ')}`}
        >
          {groupPin(pin)}
        </p>
        <Notice tone="warning">{LL.credentials.code.reminder()}</Notice>
      </>
    )
    footer = (
      <>
        {closeButton(false)}
        <Button autoFocus onClick={() => send({ type: 'code.copy' })}>
          {LL.credentials.code.copy()}
        </Button>
      </>
    )
  } else if (snapshot.matches('offeringGeneration')) {
    title = LL.credentials.code.generateTitle()
    body = <p>{LL.credentials.code.offer({ device: credential.assignment_name })}</p>
    footer = (
      <>
        {closeButton(false)}
        <Button autoFocus onClick={() => send({ type: 'code.generate', idempotencyKey: key() })}>
          {LL.credentials.code.generate()}
        </Button>
      </>
    )
  } else if (snapshot.matches('generating')) {
    title = LL.credentials.code.generateTitle()
    body = <Spinner label={LL.credentials.code.generating()} />
  } else if (snapshot.matches('unavailable') && unavailable !== null) {
    title = LL.credentials.code.unavailableTitle()
    body = <p>{LL.credentials.code.unavailable[unavailable]()}</p>
    footer = closeButton(true)
  } else if (snapshot.matches('failed') && failure !== null) {
    title = LL.credentials.code.failedTitle()
    body = <Notice tone="danger">{LL.credentials.code.failure[failure]()}</Notice>
    footer = (
      <>
        {closeButton(false)}
        <Button autoFocus onClick={() => send({ type: 'code.retry', idempotencyKey: key() })}>
          {LL.common.retry()}
        </Button>
      </>
    )
  }
  return (
    <Dialog
      open={!done}
      onOpenChange={(open) => (open ? undefined : close())}
      title={title}
      footer={footer}
    >
      {body}
    </Dialog>
  )
}
