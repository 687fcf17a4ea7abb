import { useI18nContext } from '../../../i18n/i18n-react'
import type { ScheduleInterval } from '../../contract/access-model'
import { weekdays } from '../../contract/credentials'
import { cellIndex, cellsOf, SLOTS_PER_DAY, slotTime } from './week-cells'
import * as styles from './week-editor.css'

const slots = Array.from({ length: SLOTS_PER_DAY }, (_, slot) => slot)

/** A week's hours to look at, beside their summary in words (which is what a screen reader reads). */
export function WeekChart({ intervals }: { intervals: readonly ScheduleInterval[] }) {
  const { LL } = useI18nContext()
  const cells = cellsOf(intervals)
  return (
    <div className={styles.scroller}>
      <div aria-hidden="true" className={styles.grid}>
        <div className={styles.row}>
          <span />
          {slots.map((slot) => (
            <span key={slot} className={styles.columnHeader}>
              {slot % 4 === 0 ? <span className={styles.hourLabel}>{slotTime(slot)}</span> : null}
            </span>
          ))}
        </div>
        {weekdays.map((day, dayIndex) => (
          <div key={day} className={styles.row}>
            <span className={styles.rowHeader}>{LL.form.weekdaysShort[day]()}</span>
            {slots.map((slot) => (
              <span
                key={slot}
                className={styles.chartCell}
                data-open={cells[cellIndex(dayIndex, slot)] === true}
                data-hour-start={slot % 2 === 0}
              />
            ))}
          </div>
        ))}
      </div>
    </div>
  )
}
