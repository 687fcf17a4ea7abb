import { useState } from 'react'
import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { calendarPicker } from '../../api/pickers'
import type { Schedule } from '../../contract/access-model'
import { pathTo } from '../../contract/pages'
import { Button } from '../../ui/button'
import { Combobox } from '../../ui/combobox/combobox'
import { usePickedOption } from '../../ui/combobox/use-picker'
import { failureText } from '../../ui/form/failure-text'
import { formFailure } from '../../ui/form/form-core'
import { Notice, showToast } from '../../ui/notice'
import { useUpdateSchedule } from './use-schedule-mutations'
import * as styles from './schedules.css'

interface ScheduleCalendarsProps {
  schedule: Schedule
  canUpdate: boolean
}

/** The calendars whose exceptions outrank the schedule's week: attached and detached here. */
export function ScheduleCalendars({ schedule, canUpdate }: ScheduleCalendarsProps) {
  const { LL } = useI18nContext()
  const update = useUpdateSchedule(schedule.schedule_id)
  const [chosen, setChosen] = useState('')
  const [already, setAlready] = useState(false)
  const ids = schedule.calendar_ids

  const save = (calendarIds: number[], notice: string) =>
    update.mutate({ calendar_ids: calendarIds }, { onSuccess: () => showToast(notice) })

  const attach = (name: string) => {
    const id = Number(chosen)
    if (chosen === '') return
    if (ids.includes(id)) {
      setAlready(true)
      return
    }
    save([...ids, id], LL.schedules.attached_notice({ name }))
    setChosen('')
  }

  return (
    <section className={styles.section} aria-labelledby="schedule-calendars">
      <h2 id="schedule-calendars" className={styles.sectionTitle}>
        {LL.schedules.calendarsTitle()}
      </h2>
      <p className={styles.note}>{LL.schedules.calendarsIntro()}</p>
      {ids.length === 0 ? (
        <p>{LL.schedules.noCalendars()}</p>
      ) : (
        <ul className={styles.calendarList}>
          {ids.map((id) => (
            <AttachedCalendar
              key={id}
              id={id}
              onDetach={
                canUpdate
                  ? (name) =>
                      save(
                        ids.filter((other) => other !== id),
                        LL.schedules.detached_notice({ name }),
                      )
                  : null
              }
            />
          ))}
        </ul>
      )}
      {update.error ? (
        <Notice tone="danger">{failureText(LL, formFailure(update.error))}</Notice>
      ) : null}
      {canUpdate ? (
        <AttachRow
          value={chosen}
          already={already}
          pending={update.isPending}
          onChange={(value) => {
            setChosen(value)
            setAlready(false)
            update.reset()
          }}
          onAttach={attach}
        />
      ) : null}
    </section>
  )
}

function AttachedCalendar(props: { id: number; onDetach: ((name: string) => void) | null }) {
  const { id, onDetach } = props
  const { LL } = useI18nContext()
  const picked = usePickedOption(calendarPicker, String(id))
  const name = picked.option?.label ?? LL.schedules.missingCalendar({ id })
  return (
    <li className={styles.calendarItem}>
      {picked.missing ? (
        <span>{name}</span>
      ) : (
        <Link className={styles.nameLink} href={pathTo('calendars-view', { id })}>
          {name}
        </Link>
      )}
      {onDetach ? (
        <Button
          tone="ghost"
          size="sm"
          aria-label={LL.schedules.detachNamed({ name })}
          onClick={() => onDetach(name)}
        >
          {LL.schedules.detach()}
        </Button>
      ) : null}
    </li>
  )
}

interface AttachRowProps {
  value: string
  already: boolean
  pending: boolean
  onChange: (value: string) => void
  onAttach: (name: string) => void
}

function AttachRow({ value, already, pending, onChange, onAttach }: AttachRowProps) {
  const { LL } = useI18nContext()
  const picked = usePickedOption(calendarPicker, value)
  return (
    <div className={styles.attachRow}>
      <Combobox
        className={styles.grow}
        name="calendar"
        label={LL.schedules.addCalendar()}
        placeholder={LL.schedules.chooseCalendar()}
        source={calendarPicker}
        value={value}
        error={already ? LL.schedules.alreadyAttached() : null}
        onChange={(next) => onChange(next)}
      />
      <Button
        tone="secondary"
        disabled={value === '' || pending}
        onClick={() => onAttach(picked.option?.label ?? '')}
      >
        {LL.schedules.attach()}
      </Button>
    </div>
  )
}
