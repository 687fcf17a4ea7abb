import { useQuery } from '@tanstack/react-query'
import { useI18nContext } from '../../../i18n/i18n-react'
import { isHttpStatus } from '../../api/api-error'
import { fetchCredentialDevice } from '../../api/credentials'
import { locationDeepDetail } from '../../api/locations'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { Spinner } from '../../ui/loading'
import { Notice } from '../../ui/notice'
import { codeDeviceOf, codeDevicesAt } from './code-devices'
import { CodeFlow, type CodeCredential } from './offline-code-flow'

interface OfflineCodeDialogProps {
  credential: CodeCredential | null
  onClose: () => void
}

/**
 * The offline-code flow (requirements R4.11): Show Code when the credential holds a PIN, otherwise
 * Generate Offline Code on its device, or on a device at its door or location that can program
 * codes (docs/decisions/035-offline-codes-at-a-place.md).
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
  const place = forDevice ? null : credential.assignment_location_id
  const device = useQuery({
    queryKey: ['credentials', 'device', credential.assignment_id],
    queryFn: ({ signal }) => fetchCredentialDevice(credential.assignment_id, signal),
    enabled: forDevice,
    retry: false,
  })
  const location = useQuery({
    ...locationDeepDetail(place ?? 0),
    enabled: place !== null,
    retry: false,
  })
  const source = forDevice ? device : location
  const loads = forDevice || place !== null
  // A device or place this user may not see holds, for this dialog, nothing that programs codes.
  const hidden = isHttpStatus(source.error, 403) || isHttpStatus(source.error, 404)
  if (loads && source.isError && !hidden) {
    return (
      <Dialog
        open
        onOpenChange={(open) => (open ? undefined : onClose())}
        title={LL.credentials.code.failedTitle()}
        footer={
          <Button autoFocus onClick={() => void source.refetch()}>
            {LL.common.retry()}
          </Button>
        }
      >
        <Notice tone="danger">{LL.errors.default_error()}</Notice>
      </Dialog>
    )
  }
  if (loads && source.isPending) {
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
  const target = { type: credential.assignment_type, id: credential.assignment_id }
  const devices = forDevice
    ? codeDeviceOf(device.data)
    : location.data
      ? codeDevicesAt(location.data, target)
      : []
  return <CodeFlow credential={credential} devices={devices} onClose={onClose} />
}
