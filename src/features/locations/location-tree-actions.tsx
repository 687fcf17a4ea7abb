import { useI18nContext } from '../../../i18n/i18n-react'
import { Button } from '../../ui/button'
import { childKind, type TreeRow } from '../../lib/location-tree-model'

interface TreeItemActionsProps {
  row: TreeRow
  can: { create: boolean; update: boolean; delete: boolean }
  onRename: (row: TreeRow) => void
  onAdd: (kind: 'room' | 'door', parent: TreeRow) => void
  onDelete: (row: TreeRow) => void
}

/**
 * The selected floor, room or door's actions as buttons: what F2, + and Delete do on the tree,
 * for those who click (a room could only be renamed, filled or deleted by keyboard before; the
 * keystrokes bench found it). Each names the item, so it reads alone.
 */
export function TreeItemActions({ row, can, onRename, onAdd, onDelete }: TreeItemActionsProps) {
  const { LL } = useI18nContext()
  if (row.kind === 'device') return null
  const child = childKind[row.kind]
  return (
    <>
      {can.create && child ? (
        <Button tone="secondary" onClick={() => onAdd(child, row)}>
          {LL.locations.itemAdd({ kind: LL.locations.kinds[child](), name: row.name })}
        </Button>
      ) : null}
      {can.update ? (
        <Button tone="secondary" onClick={() => onRename(row)}>
          {LL.locations.itemRename({ name: row.name })}
        </Button>
      ) : null}
      {can.delete ? (
        <Button tone="secondary" onClick={() => onDelete(row)}>
          {LL.locations.itemDelete({ name: row.name })}
        </Button>
      ) : null}
    </>
  )
}
