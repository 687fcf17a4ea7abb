import { useEffect, useRef } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { Location } from '../../contract/locations'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { failureText } from '../../ui/form/failure-text'
import { formFailure } from '../../ui/form/form-core'
import { Notice, showToast } from '../../ui/notice'
import { useDeleteLocation } from './use-location-mutations'

interface DeleteLocationDialogProps {
  location: Pick<Location, 'location_id' | 'name'> | null
  onClose: () => void
  onDeleted?: () => void
}

/** Asks before deleting; a refusal stays in the dialog, says why, and takes focus. */
export function DeleteLocationDialog(props: DeleteLocationDialogProps) {
  const { location, onClose, onDeleted } = props
  const { LL } = useI18nContext()
  const remove = useDeleteLocation()
  const reasonRef = useRef<HTMLDivElement>(null)
  const reason = remove.error ? formFailure(remove.error) : null
  useEffect(() => {
    if (remove.error) reasonRef.current?.focus()
  }, [remove.error])
  const close = () => {
    remove.reset()
    onClose()
  }
  const confirm = () => {
    if (!location) return
    remove.mutate(location.location_id, {
      onSuccess: () => {
        showToast(LL.locations.deleted_notice({ name: location.name }))
        close()
        onDeleted?.()
      },
    })
  }
  return (
    <Dialog
      open={location !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={LL.locations.deleteTitle({ name: location?.name ?? '' })}
      description={LL.locations.deleteBody()}
      hideClose
      footer={
        <>
          <Button tone="secondary" onClick={close}>
            {LL.common.cancel()}
          </Button>
          <Button tone="danger" onClick={confirm} disabled={remove.isPending}>
            {remove.isPending ? LL.locations.deleting() : LL.locations.delete()}
          </Button>
        </>
      }
    >
      {reason ? (
        <Notice tone="danger" ref={reasonRef} tabIndex={-1}>
          {failureText(LL, reason)}
        </Notice>
      ) : null}
    </Dialog>
  )
}
