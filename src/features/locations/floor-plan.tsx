import { useI18nContext } from '../../../i18n/i18n-react'
import type { FloorDeep } from '../../contract/locations'
import * as styles from './locations.css'

const WIDTH = 400
const COLUMNS = 3
const ROOM_HEIGHT = 90
const GAP = 10

/**
 * The floor's plan: the uploaded image, or — until one is uploaded — a schematic drawn from the
 * floor's own rooms (the placeholder plan of requirements R2.8), so the picture still tells one
 * floor from another.
 */
export function FloorPlan({ floor }: { floor: FloorDeep }) {
  const { LL } = useI18nContext()
  const label = LL.locations.plan({ floor: floor.name })
  if (floor.plan_image_url)
    return <img className={styles.plan} src={floor.plan_image_url} alt={label} />
  const rooms = floor.rooms
  const rows = Math.max(1, Math.ceil(rooms.length / COLUMNS))
  const roomWidth = (WIDTH - GAP * (COLUMNS + 1)) / COLUMNS
  const height = rows * (ROOM_HEIGHT + GAP) + GAP
  return (
    <figure className={styles.planFigure}>
      <svg
        className={styles.plan}
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-label={label}
        data-testid="placeholder-plan"
      >
        <rect
          x={1}
          y={1}
          width={WIDTH - 2}
          height={height - 2}
          className={styles.planOutline}
          rx={6}
        />
        {rooms.map((room, index) => {
          const x = GAP + (index % COLUMNS) * (roomWidth + GAP)
          const y = GAP + Math.floor(index / COLUMNS) * (ROOM_HEIGHT + GAP)
          return (
            <g key={room.room_id}>
              <rect
                x={x}
                y={y}
                width={roomWidth}
                height={ROOM_HEIGHT}
                className={styles.planRoom}
              />
              {room.doors.map((door, d) => (
                <rect
                  key={door.door_id}
                  x={x + 8 + d * 18}
                  y={y + ROOM_HEIGHT - 3}
                  width={14}
                  height={6}
                  className={styles.planDoor}
                />
              ))}
              <text x={x + roomWidth / 2} y={y + ROOM_HEIGHT / 2} className={styles.planText}>
                {room.name}
              </text>
            </g>
          )
        })}
      </svg>
      <figcaption className={styles.planNote}>
        {LL.locations.placeholderPlan({ floor: floor.name })}
      </figcaption>
    </figure>
  )
}
