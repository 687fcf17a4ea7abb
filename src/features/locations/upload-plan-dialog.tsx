import { useQuery } from '@tanstack/react-query'
import { useI18nContext } from '../../../i18n/i18n-react'
import { locationDeepDetail } from '../../api/locations'
import type { ActionDialogProps } from '../../commands/command'
import type { Location } from '../../contract/locations'
import { Dialog } from '../../ui/dialog'
import { CenteredSpinner } from '../../ui/loading'
import { LoadFailed } from '../../ui/load-failed'
import { FloorPlans } from './floor-plans'

/**
 * The palette's "Upload a plan" on a location: its floors and their plans in a dialog where the
 * person is (decision 063), focus on the first floor's upload.
 */
export function UploadPlanDialog({ entity, onClose }: ActionDialogProps<Location>) {
  const { LL } = useI18nContext()
  const deep = useQuery(locationDeepDetail(entity.location_id))
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={LL.locations.upload.dialogTitle({ name: entity.name })}
    >
      {deep.isError ? (
        <LoadFailed error={deep.error} onRetry={() => void deep.refetch()} />
      ) : deep.data ? (
        <FloorPlans location={deep.data} canUpdate focusUpload />
      ) : (
        <CenteredSpinner label={LL.common.loading()} />
      )}
    </Dialog>
  )
}
