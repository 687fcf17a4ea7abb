import { useQuery } from '@tanstack/react-query'
import { useI18nContext } from '../../../i18n/i18n-react'
import { locationDeepDetail } from '../../api/locations'
import type { ActionDialogProps } from '../../commands/command'
import type { Location } from '../../contract/locations'
import { showToast } from '../../ui/notice'
import { FloorDialog } from './floor-dialog'

/**
 * The palette's "Add a floor" on a location: the floor form where the person is (decision 063).
 * Its position starts above the location's highest floor, once the floors are read; if they cannot
 * be read it starts at 0 and the person sets it.
 */
export function AddFloorDialog({ entity, onClose }: ActionDialogProps<Location>) {
  const { LL } = useI18nContext()
  const deep = useQuery(locationDeepDetail(entity.location_id))
  if (deep.isPending) return null
  return (
    <FloorDialog
      locationId={entity.location_id}
      floors={deep.data?.floors ?? []}
      target={{ floor: null }}
      onClose={onClose}
      onSaved={(_, name) => {
        showToast(LL.locations.floorSaved({ name }))
        onClose()
      }}
      onFocusSaved={() => undefined}
    />
  )
}
