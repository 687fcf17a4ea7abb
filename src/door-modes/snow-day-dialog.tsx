import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import { organizationDetail } from '../api/organizations'
import { planSnowDay, refetchDoorModes } from '../api/door-modes'
import type { SnowDayKind, SnowDayPlan } from '../contract/door-modes'
import type { Location } from '../contract/locations'
import { Button } from '../ui/button'
import { errorText } from '../ui/data-table/error-text'
import { Dialog } from '../ui/dialog'
import { LoadFailed } from '../ui/load-failed'
import { Notice, showToast } from '../ui/notice'
import { TextField } from '../ui/text-field'
import { REASON_MAX } from './door-override-check'
import * as styles from './door-modes.css'
import * as form from './door-override.css'
import {
  checkSnowDay,
  dayText,
  doorChangeText,
  snowDayFields,
  snowDayRefusals,
  todayAt,
  wallTimeText,
  type SnowDayField,
  type SnowDayRefusals,
  type SnowDayValues,
} from './snow-day-words'

interface SnowDayDialogProps {
  location: Location
  kind: SnowDayKind
  onClose: () => void
}

/** The time a snow day starts from: doors open late at 10:00, close early at 15:00. */
export const defaultSnowDayTime: Record<SnowDayKind, string> = {
  open_late: '10:00',
  close_early: '15:00',
}

/**
 * "Open late…" and "Close early…" on a location (issue 65, decision 071): a date on the place's
 * clock (its own zone, else its organization's), a time and a reason; a dry run shows each door
 * it changes that day, before → after, and only then Save.
 */
export function SnowDayDialog({ location, kind, onClose }: SnowDayDialogProps) {
  const { LL } = useI18nContext()
  const own = location.time_zone
  const organization = useQuery({
    ...organizationDetail(location.organization_id),
    enabled: own === null,
  })
  const zone = own ?? organization.data?.time_zone
  if (zone !== undefined)
    return <SnowDayForm location={location} kind={kind} zone={zone} onClose={onClose} />
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={LL.snowDay.title[kind]({ place: location.name })}
    >
      {organization.isError ? (
        <LoadFailed error={organization.error} onRetry={() => void organization.refetch()} />
      ) : (
        <p role="status">{LL.snowDay.zoneLoading()}</p>
      )}
    </Dialog>
  )
}

type Step = 'plan' | 'save'

export function SnowDayForm({
  location,
  kind,
  zone,
  onClose,
}: SnowDayDialogProps & { zone: string }) {
  const { LL, locale } = useI18nContext()
  const client = useQueryClient()
  const formId = useId()
  const headingId = useId()
  const [values, setValues] = useState<SnowDayValues>(() => ({
    date: todayAt(zone),
    time: defaultSnowDayTime[kind],
    reason: '',
  }))
  const [refusals, setRefusals] = useState<SnowDayRefusals>({})
  const [plan, setPlan] = useState<SnowDayPlan | null>(null)
  const [stale, setStale] = useState(false)
  const [busy, setBusy] = useState<Step | null>(null)
  const [failure, setFailure] = useState<{ error: Error; step: Step } | null>(null)
  // Each edit starts a new generation: a dry run's answer to what was typed before it is not shown.
  // A save's answer always is (the fields are read-only while it is under way).
  const generation = useRef(0)
  const dateRef = useRef<HTMLInputElement>(null)
  const timeRef = useRef<HTMLInputElement>(null)
  const reasonRef = useRef<HTMLInputElement>(null)
  const saveRef = useRef<HTMLButtonElement>(null)
  // Where focus goes after an answer: the first refused field, or Save once the doors are shown.
  const [focusOn, setFocusOn] = useState<{ target: SnowDayField | 'save' } | null>(null)
  useEffect(() => {
    if (focusOn === null) return
    const refs = { date: dateRef, time: timeRef, reason: reasonRef, save: saveRef }
    refs[focusOn.target].current?.focus()
  }, [focusOn])

  const edit = (field: SnowDayField, value: string) => {
    generation.current += 1
    setValues((now) => ({ ...now, [field]: value }))
    setRefusals(({ [field]: _done, ...rest }) => rest)
    if (plan !== null) setStale(true)
    setPlan(null)
    setBusy(null)
    setFailure(null)
  }

  const refuse = (found: SnowDayRefusals) => {
    setRefusals(found)
    const first = snowDayFields.find((field) => found[field] !== undefined)
    if (first !== undefined) setFocusOn({ target: first })
  }

  const run = async (step: Step) => {
    const checked = checkSnowDay(LL, values)
    if (Object.keys(checked).length > 0) return refuse(checked)
    const sent = generation.current
    const input = { date: values.date, kind, time: values.time, reason: values.reason.trim() }
    setBusy(step)
    setFailure(null)
    try {
      const answer = await planSnowDay(location.location_id, input, step === 'plan')
      if (step === 'plan' && sent !== generation.current) return
      setBusy(null)
      if (step === 'plan') {
        setPlan(answer)
        setStale(false)
        setFocusOn({ target: 'save' })
        return
      }
      showToast(
        LL.snowDay.saved[kind]({
          place: location.name,
          date: dayText(input.date, answer.time_zone, locale),
          time: wallTimeText(input.date, input.time, answer.time_zone, locale),
          count: answer.doors.length,
        }),
      )
      void refetchDoorModes(client)
      onClose()
    } catch (error) {
      if (step === 'plan' && sent !== generation.current) return
      setBusy(null)
      const found = snowDayRefusals(LL, error)
      if (found !== null) {
        setPlan(null)
        return refuse(found)
      }
      setFailure({ error: error instanceof Error ? error : new Error(String(error)), step })
    }
  }

  const saving = busy === 'save'
  const submit = (event: FormEvent) => {
    event.preventDefault()
    void run('plan')
  }
  const shownZone = plan?.time_zone ?? zone
  let status = ''
  if (busy === 'plan') status = LL.snowDay.planning()
  else if (busy === 'save') status = LL.snowDay.saving()
  else if (plan !== null)
    status =
      plan.doors.length === 0
        ? LL.snowDay.planNone({ unchanged: plan.unchanged })
        : LL.snowDay.planSome({
            count: plan.doors.length,
            date: dayText(values.date, shownZone, locale),
            zone: shownZone,
            unchanged: plan.unchanged,
          })
  else if (stale) status = LL.snowDay.stale()

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={LL.snowDay.title[kind]({ place: location.name })}
      initialFocus={dateRef}
      footer={
        <>
          <Button tone="secondary" onClick={onClose}>
            {LL.common.cancel()}
          </Button>
          {/* Keyed: the dry run's button and Save are two buttons, never one changing its role. */}
          {plan === null ? (
            <Button key="plan" type="submit" form={formId} disabled={busy !== null}>
              {LL.snowDay.showDoors()}
            </Button>
          ) : (
            <Button
              key="save"
              ref={saveRef}
              disabled={busy !== null}
              onClick={() => void run('save')}
            >
              {LL.snowDay.save()}
            </Button>
          )}
        </>
      }
    >
      <form id={formId} className={form.form} onSubmit={submit} noValidate>
        <div className={form.parts}>
          <TextField
            type="date"
            name="date"
            label={LL.snowDay.date()}
            value={values.date}
            ref={dateRef}
            readOnly={saving}
            required
            error={refusals.date ?? null}
            hint={LL.snowDay.zone({ zone: shownZone })}
            onChange={(e) => edit('date', e.target.value)}
          />
          <TextField
            type="time"
            name="time"
            label={LL.snowDay.time[kind]()}
            value={values.time}
            ref={timeRef}
            readOnly={saving}
            required
            error={refusals.time ?? null}
            onChange={(e) => edit('time', e.target.value)}
          />
        </div>
        <TextField
          name="reason"
          label={LL.snowDay.reason()}
          value={values.reason}
          ref={reasonRef}
          readOnly={saving}
          required
          maxLength={REASON_MAX}
          error={refusals.reason ?? null}
          onChange={(e) => edit('reason', e.target.value)}
        />
      </form>
      <p role="status" className={styles.muted}>
        {status}
      </p>
      {failure !== null ? (
        <Notice tone="danger">
          {errorText(LL, failure.error)}{' '}
          <Button size="sm" onClick={() => void run(failure.step)}>
            {LL.common.retry()}
          </Button>
        </Notice>
      ) : null}
      {plan !== null && plan.doors.length > 0 ? (
        <section aria-labelledby={headingId} className={styles.section}>
          <h3 id={headingId} className={styles.subtitle}>
            {LL.snowDay.planHeading({ date: dayText(values.date, shownZone, locale) })}
          </h3>
          <ul className={styles.list} data-testid="snow-day-doors">
            {plan.doors.map((door) => (
              <li key={door.door_id ?? `lock-${door.device_id}`}>
                <span className={styles.layerTitle}>{door.door_name}</span>{' '}
                <span>{doorChangeText(LL, door, shownZone, locale)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Dialog>
  )
}
