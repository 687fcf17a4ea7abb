import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useSearch } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { usePerform } from '../../actions/action-host'
import { calendarDetail } from '../../api/calendars'
import { usePageSubject } from '../../commands/page-subject'
import type { Calendar, CalendarException } from '../../contract/access-model'
import { listParams, pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { JournalHistory } from '../../journal/journal-history'
import { useSession } from '../../session/session-context'
import { Button, buttonClass } from '../../ui/button'
import { DetailState, useDetail } from '../../ui/detail-state'
import { failureText } from '../../ui/form/failure-text'
import { formFailure } from '../../ui/form/form-core'
import { Notice, showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { deleteCalendarAction, HOLIDAYS_COMMAND } from './calendar-actions'
import { ExceptionDialog } from './exception-dialog'
import { dateText, exceptionDate } from './exception-form-model'
import { HolidaysDialog } from './holidays-dialog'
import { useUpdateCalendar } from './use-calendar-mutations'
import * as styles from './calendars.css'

/** /calendars/view/:id — the exceptions, added one by one or a region's holidays at once. */
export function CalendarViewScreen() {
  const { LL } = useI18nContext()
  const detail = useDetail(calendarDetail, (calendar) => calendar.name)
  usePageSubject('calendars', detail.item)
  if (!detail.item)
    return (
      <DetailState
        title={LL.calendars.viewTitle()}
        notFound={LL.calendars.notFound()}
        detail={detail}
      />
    )
  return <CalendarView calendar={detail.item} />
}

type Open = 'exception' | 'holidays' | null

function CalendarView({ calendar }: { calendar: Calendar }) {
  const { LL } = useI18nContext()
  const { can } = useSession()
  const perform = usePerform()
  const [path, navigate] = useLocation()
  const search = useSearch()
  const canUpdate = can(needs('schedules', 'update'))
  const [open, setOpen] = useState<Open>(null)

  // The palette's "Add public holidays to …" arrives as `?command=holidays`: the dialog opens and
  // the word is dropped, so Back or a reload does not open it again.
  const asked = new URLSearchParams(search).get(listParams.command) === HOLIDAYS_COMMAND
  const [answered, setAnswered] = useState(false)
  if (asked !== answered) {
    setAnswered(asked)
    if (asked && canUpdate) setOpen('holidays')
  }
  useEffect(() => {
    if (asked) navigate(path, { replace: true })
  }, [asked, navigate, path])

  return (
    <Page
      title={calendar.name}
      actions={
        <div className={styles.actions}>
          {canUpdate ? (
            <>
              <Button onClick={() => setOpen('holidays')}>{LL.calendars.addHolidays()}</Button>
              <Button tone="secondary" onClick={() => setOpen('exception')}>
                {LL.calendars.addException()}
              </Button>
              <Link
                className={buttonClass({ tone: 'secondary' })}
                href={pathTo('calendars-edit', { id: calendar.calendar_id })}
              >
                {LL.calendars.edit()}
              </Link>
            </>
          ) : null}
          {can(deleteCalendarAction.needs.anyOf ?? []) ? (
            <Button tone="danger" onClick={() => perform(deleteCalendarAction, calendar)}>
              {LL.calendars.delete()}
            </Button>
          ) : null}
        </div>
      }
    >
      <ExceptionTable calendar={calendar} canUpdate={canUpdate} />
      <JournalHistory type="calendar" id={calendar.calendar_id} />
      <ExceptionDialog
        calendar={calendar}
        open={open === 'exception'}
        onClose={() => setOpen(null)}
      />
      <HolidaysDialog
        calendar={calendar}
        open={open === 'holidays'}
        onClose={() => setOpen(null)}
      />
    </Page>
  )
}

function ExceptionTable({ calendar, canUpdate }: { calendar: Calendar; canUpdate: boolean }) {
  const { LL, locale } = useI18nContext()
  const update = useUpdateCalendar(calendar.calendar_id)
  const sectionRef = useRef<HTMLElement>(null)
  // After a removal the row and its button are gone: focus goes to the row now in its place (or
  // the last one), else to the heading, never to <body>.
  const refocus = useRef<number | null>(null)
  useEffect(() => {
    const position = refocus.current
    if (position === null) return
    refocus.current = null
    const section = sectionRef.current
    const buttons = section?.querySelectorAll<HTMLElement>('tbody button') ?? []
    const next = buttons[Math.min(position, buttons.length - 1)]
    if (next) next.focus()
    else section?.querySelector<HTMLElement>('h2')?.focus()
  }, [calendar.exceptions])
  // Listed by date; each keeps its place in the calendar's own list, which a removal sends anew.
  const rows = calendar.exceptions
    .map((exception, index) => ({ exception, index }))
    .sort((a, b) => exceptionDate(a.exception).localeCompare(exceptionDate(b.exception)))
  const when = (e: CalendarException) =>
    e.rrule !== undefined
      ? LL.calendars.repeats({ rule: e.rrule, date: dateText(e.dtstart ?? '', locale) })
      : dateText(e.date ?? '', locale)
  const remove = (index: number, name: string, position: number) => {
    refocus.current = position
    update.mutate(
      { exceptions: calendar.exceptions.filter((_, other) => other !== index) },
      {
        onSuccess: () => showToast(LL.calendars.removed_notice({ name })),
        onError: () => {
          refocus.current = null
        },
      },
    )
  }

  return (
    <section ref={sectionRef} className={styles.section} aria-labelledby="calendar-exceptions">
      <h2 id="calendar-exceptions" tabIndex={-1} className={styles.sectionTitle}>
        {LL.calendars.exceptions()}
      </h2>
      {rows.length === 0 ? <p>{LL.calendars.noExceptions()}</p> : null}
      {update.error ? (
        <Notice tone="danger">{failureText(LL, formFailure(update.error))}</Notice>
      ) : null}
      {rows.length === 0 ? null : (
        <div className={styles.tableScroller}>
          <table className={styles.table}>
            <caption className={styles.caption}>
              {LL.calendars.tableCaption({ name: calendar.name })}
            </caption>
            <thead>
              <tr>
                <th scope="col" className={styles.headerCell}>
                  {LL.calendars.exceptionName()}
                </th>
                <th scope="col" className={styles.headerCell}>
                  {LL.calendars.when()}
                </th>
                <th scope="col" className={styles.headerCell}>
                  {LL.calendars.hours()}
                </th>
                <th scope="col" className={styles.headerCell}>
                  {LL.calendars.effect()}
                </th>
                {canUpdate ? (
                  <th scope="col" className={styles.headerCell}>
                    {LL.calendars.actions()}
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody>
              {rows.map(({ exception, index }, position) => {
                const name = exception.name || when(exception)
                return (
                  <tr key={index}>
                    <th scope="row" className={styles.cell}>
                      {exception.name || LL.calendars.unnamed()}
                    </th>
                    <td className={styles.cell}>
                      {exception.date ? (
                        <time dateTime={exception.date}>{when(exception)}</time>
                      ) : (
                        <span className={styles.mono}>{when(exception)}</span>
                      )}
                    </td>
                    <td className={styles.cell}>
                      {exception.start && exception.end
                        ? `${exception.start}–${exception.end}`
                        : LL.calendars.wholeDay()}
                    </td>
                    <td className={styles.cell}>{LL.calendars.effects[exception.effect]()}</td>
                    {canUpdate ? (
                      <td className={styles.cell}>
                        <Button
                          tone="ghost"
                          size="sm"
                          disabled={update.isPending}
                          aria-label={LL.calendars.removeNamed({ name })}
                          onClick={() => remove(index, name, position)}
                        >
                          {LL.calendars.remove()}
                        </Button>
                      </td>
                    ) : null}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  )
}
