import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { usePerform } from '../../actions/action-host'
import { scheduleDetail } from '../../api/schedules'
import { usePageSubject } from '../../commands/page-subject'
import type { Schedule } from '../../contract/access-model'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { JournalHistory } from '../../journal/journal-history'
import { useSession } from '../../session/session-context'
import { Button, buttonClass } from '../../ui/button'
import { DetailState, useDetail } from '../../ui/detail-state'
import { Page } from '../../ui/page'
import { WeekChart } from '../../ui/week-editor/week-chart'
import { weekSummary } from '../../lib/access-text'
import { deleteScheduleAction } from './schedule-actions'
import { ScheduleCalendars } from './schedule-calendars'
import * as styles from './schedules.css'

/** /schedules/view/:id — the week, the calendars it uses, and its history. */
export function ScheduleViewScreen() {
  const { LL } = useI18nContext()
  const detail = useDetail(scheduleDetail, (schedule) => schedule.name)
  usePageSubject('schedules', detail.item)
  if (!detail.item)
    return (
      <DetailState
        title={LL.schedules.viewTitle()}
        notFound={LL.schedules.notFound()}
        detail={detail}
      />
    )
  return <ScheduleView schedule={detail.item} />
}

function ScheduleView({ schedule }: { schedule: Schedule }) {
  const { LL } = useI18nContext()
  const { can } = useSession()
  const perform = usePerform()
  const canUpdate = can(needs('schedules', 'update'))
  return (
    <Page
      title={schedule.name}
      actions={
        <div className={styles.actions}>
          {canUpdate ? (
            <Link
              className={buttonClass({ tone: 'secondary' })}
              href={pathTo('schedules-edit', { id: schedule.schedule_id })}
            >
              {LL.schedules.edit()}
            </Link>
          ) : null}
          {can(deleteScheduleAction.needs.anyOf ?? []) ? (
            <Button tone="danger" onClick={() => perform(deleteScheduleAction, schedule)}>
              {LL.schedules.delete()}
            </Button>
          ) : null}
        </div>
      }
    >
      <section className={styles.section} aria-labelledby="schedule-week">
        <h2 id="schedule-week" className={styles.sectionTitle}>
          {LL.schedules.week()}
        </h2>
        <p data-testid="schedule-summary">{weekSummary(LL, schedule.intervals)}</p>
        <WeekChart intervals={schedule.intervals} />
        <p className={styles.note}>{LL.schedules.zoneNote()}</p>
      </section>
      <ScheduleCalendars schedule={schedule} canUpdate={canUpdate} />
      <JournalHistory type="schedule" id={schedule.schedule_id} />
    </Page>
  )
}
