import { useEffect, useRef } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import { failureText } from '../../ui/form/failure-text'
import { formFailure } from '../../ui/form/form-core'
import { Notice } from '../../ui/notice'
import type { TreeRow } from './location-tree-model'
import { useSpaceWrite } from './use-space-mutations'

interface DeleteSpaceDialogProps {
  row: TreeRow | null
  onClose: () => void
  onDeleted: (row: TreeRow) => void
}

/**
 * Asks before deleting a floor, room or door and says what it holds: the server deletes the rooms
 * and doors below with it, and refuses (409) while devices or credentials still use any of them.
 */
export function DeleteSpaceDialog({ row, onClose, onDeleted }: DeleteSpaceDialogProps) {
  const { LL } = useI18nContext()
  const remove = useSpaceWrite()
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
    if (!row || row.kind === 'device') return
    remove.mutate(
      { op: 'delete', kind: row.kind, id: row.id },
      {
        onSuccess: () => {
          remove.reset()
          onDeleted(row)
        },
      },
    )
  }
  const holds = row ? row.holds : { rooms: 0, doors: 0, devices: 0 }
  const empty = holds.rooms + holds.doors + holds.devices === 0
  const name = row?.name ?? ''
  return (
    <Dialog
      open={row !== null}
      onOpenChange={(open) => (open ? undefined : close())}
      title={LL.locations.nodeDeleteTitle({ name })}
      description={
        empty ? LL.locations.nodeEmpty({ name }) : LL.locations.nodeHolds({ name, ...holds })
      }
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
      {holds.devices > 0 ? <p>{LL.locations.nodeDeviceNote()}</p> : null}
      {reason ? (
        <Notice tone="danger" ref={reasonRef} tabIndex={-1}>
          {failureText(LL, reason)}
        </Notice>
      ) : null}
    </Dialog>
  )
}
