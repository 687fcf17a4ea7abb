import { useState } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import type { LocationDeep } from '../../contract/locations'
import { Select } from '../../ui/select'
import { FloorPlan } from './floor-plan'
import { FloorPlanUpload } from './floor-plan-upload'
import * as styles from './locations.css'

/**
 * A location's floors with their plans: the floor picker, the chosen floor's plan and, for those
 * who may change it, its upload. The drawer shows it; the palette's "Upload a plan" opens it in a
 * dialog with focus on the upload.
 */
export function FloorPlans({
  location,
  canUpdate,
  focusUpload = false,
}: {
  location: LocationDeep
  canUpdate: boolean
  focusUpload?: boolean
}) {
  const { LL } = useI18nContext()
  const [floorId, setFloorId] = useState(location.floors[0]?.floor_id ?? null)
  const floor = location.floors.find((f) => f.floor_id === floorId) ?? location.floors[0]
  return (
    <section className={styles.section} aria-label={LL.locations.floors()}>
      {floor ? (
        <>
          <Select
            label={LL.locations.floorPicker()}
            value={String(floor.floor_id)}
            options={location.floors.map((f) => ({ value: String(f.floor_id), label: f.name }))}
            onChange={(event) => setFloorId(Number(event.target.value))}
          />
          <FloorPlan floor={floor} />
          {canUpdate ? (
            <FloorPlanUpload key={floor.floor_id} floor={floor} autoFocus={focusUpload} />
          ) : null}
        </>
      ) : (
        <p className={styles.planNote}>{LL.locations.noFloors()}</p>
      )}
    </section>
  )
}
