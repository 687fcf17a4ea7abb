import { useI18nContext } from '../../../i18n/i18n-react'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import type { TreeRow } from '../../lib/location-tree-model'
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
  const holds = row ? row.holds : { rooms: 0, doors: 0, devices: 0 }
  const empty = holds.rooms + holds.doors + holds.devices === 0
  const name = row?.name ?? ''
  return (
    <ConfirmDialog
      target={row && row.kind !== 'device' ? { op: 'delete', kind: row.kind, id: row.id } : null}
      mutation={useSpaceWrite()}
      title={LL.locations.nodeDeleteTitle({ name })}
      description={
        empty ? LL.locations.nodeEmpty({ name }) : LL.locations.nodeHolds({ name, ...holds })
      }
      confirmLabel={LL.locations.delete()}
      kind="destructive"
      pendingLabel={LL.locations.deleting()}
      onClose={onClose}
      {...(row ? { onDone: () => onDeleted(row) } : {})}
    >
      {holds.devices > 0 ? <p>{LL.locations.nodeDeviceNote()}</p> : null}
    </ConfirmDialog>
  )
}
