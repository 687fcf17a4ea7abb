import { useI18nContext } from '../../../i18n/i18n-react'
import type { Location } from '../../contract/locations'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { useDeleteLocation } from './use-location-mutations'

interface DeleteLocationDialogProps {
  location: Pick<Location, 'location_id' | 'name'> | null
  onClose: () => void
  onDeleted?: () => void
}

export function DeleteLocationDialog(props: DeleteLocationDialogProps) {
  const { location, onClose, onDeleted } = props
  const { LL } = useI18nContext()
  const name = location?.name ?? ''
  return (
    <ConfirmDialog
      target={location?.location_id ?? null}
      mutation={useDeleteLocation()}
      title={LL.locations.deleteTitle({ name })}
      description={LL.locations.deleteBody()}
      confirmLabel={LL.locations.delete()}
      kind="destructive"
      pendingLabel={LL.locations.deleting()}
      doneNotice={LL.locations.deleted_notice({ name })}
      onClose={onClose}
      {...(onDeleted ? { onDone: onDeleted } : {})}
    />
  )
}
