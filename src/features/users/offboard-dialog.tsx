import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { refetchAfterWrite } from '../../api/queries'
import {
  fetchOffboarding,
  offboardingQuery,
  offboardUser,
  undoOffboarding,
  userKeys,
} from '../../api/users'
import { rotateOfflineKey } from '../../api/lock-sync'
import {
  OFFBOARD_UNDO_MINUTES,
  type OffboardReport,
  type RemainingCode,
} from '../../contract/offboarding'
import { deviceCommandNeeds } from '../../contract/permissions'
import { useSession } from '../../session/session-context'
import type { User } from '../../contract/users'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/confirm-dialog'
import { Dialog } from '../../ui/dialog'
import { failureText } from '../../ui/form/failure-text'
import { formFailure } from '../../ui/form/form-core'
import { Notice, showToast } from '../../ui/notice'
import { fullName } from './user-names'
import * as styles from './users.css'

/**
 * "Offboard …" (decision 074): a confirmation that says what will happen, then the report of what
 * remains (offline codes with their lock and end, locks not reached yet) with "Undo" while the
 * server allows it. A refusal (one's own account, the last admin) stays in the confirmation.
 */
export function OffboardDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { LL } = useI18nContext()
  const client = useQueryClient()
  const [report, setReport] = useState<OffboardReport | null>(null)
  // Set as the answer arrives, before the confirmation closes: its closing must not end the dialog.
  const done = useRef(false)
  const refetch = () => refetchAfterWrite(client, userKeys, { kind: 'saved' })
  const offboard = useMutation({
    mutationFn: (id: number) => offboardUser(id),
    onSuccess: (answer) => {
      done.current = true
      setReport(answer)
      void refetch()
    },
  })
  const name = fullName(user)
  return (
    <>
      <ConfirmDialog
        target={report === null ? user.user_id : null}
        mutation={offboard}
        title={LL.offboard.title({ name })}
        description={LL.offboard.intro({ minutes: OFFBOARD_UNDO_MINUTES })}
        confirmLabel={LL.offboard.confirm()}
        pendingLabel={LL.offboard.working()}
        kind="destructive"
        onClose={() => {
          if (!done.current) onClose()
        }}
      >
        <ul className={styles.plainList}>
          <li>{LL.offboard.disable()}</li>
          <li>{LL.offboard.credentials()}</li>
          <li>{LL.offboard.memberships()}</li>
          <li>{LL.offboard.codes()}</li>
        </ul>
      </ConfirmDialog>
      {report ? (
        <OffboardReportDialog
          name={name}
          report={report}
          onUndone={(answer) => {
            setReport(answer)
            void refetch()
          }}
          onChanged={() => {
            void fetchOffboarding(user.user_id).then((again) => again && setReport(again))
            void refetch()
          }}
          onClose={onClose}
        />
      ) : null}
    </>
  )
}

interface ReportProps {
  name: string
  report: OffboardReport
  onUndone: (report: OffboardReport) => void
  onChanged: () => void
  onClose: () => void
}

function OffboardReportDialog({ name, report, onUndone, onChanged, onClose }: ReportProps) {
  const { LL } = useI18nContext()
  const undo = useUndo(name, report, onUndone)
  const undone = report.undone_at !== null
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      // Its own Close sits beside Undo; Escape closes it too.
      hideClose
      title={undone ? LL.offboard.undoneTitle({ name }) : LL.offboard.reportTitle({ name })}
      description={
        undone
          ? LL.offboard.undone({ name })
          : LL.offboard.summary({
              credentials: report.credentials_ended,
              memberships: report.memberships_ended,
              sessions: report.sessions_ended,
            })
      }
      footer={
        <>
          {undone ? null : undo.button}
          <Button onClick={onClose}>{LL.offboard.close()}</Button>
        </>
      }
    >
      {undone ? null : (
        <OffboardRemains report={report} idPrefix="offboard-dialog" onChanged={onChanged} />
      )}
      {undo.refusal}
    </Dialog>
  )
}

/** "Undo offboarding" while the server allows it, and its refusal in words, focused. */
function useUndo(name: string, report: OffboardReport, onUndone: (r: OffboardReport) => void) {
  const { LL } = useI18nContext()
  const reasonRef = useRef<HTMLDivElement>(null)
  const undo = useMutation({
    mutationFn: () => undoOffboarding(report.user_id),
    onSuccess: (answer) => {
      showToast(LL.offboard.undone({ name }))
      onUndone(answer)
    },
  })
  const failure = undo.error ? formFailure(undo.error) : null
  useEffect(() => {
    if (undo.error) reasonRef.current?.focus()
  }, [undo.error])
  return {
    button: report.undoable ? (
      <Button tone="secondary" onClick={() => undo.mutate()} disabled={undo.isPending}>
        {undo.isPending ? LL.offboard.undoing() : LL.offboard.undo()}
      </Button>
    ) : null,
    refusal: failure ? (
      <Notice tone="danger" ref={reasonRef} tabIndex={-1}>
        {failureText(LL, failure)}
      </Notice>
    ) : null,
  }
}

interface RemainsProps {
  report: OffboardReport
  idPrefix: string
  /** After a lock's offline key was rotated: the report read again. */
  onChanged: () => void
}

/**
 * What still works after an offboarding: offline codes with their lock and their end on the lock's
 * clock, each with "Rotate the lock's offline key" for those who may command the lock; the locks
 * not reached yet.
 */
function OffboardRemains({ report, idPrefix, onChanged }: RemainsProps) {
  const { LL, locale } = useI18nContext()
  const { can } = useSession()
  const [rotating, setRotating] = useState<RemainingCode | null>(null)
  const end = (code: RemainingCode) =>
    new Intl.DateTimeFormat(locale, {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: code.time_zone,
      timeZoneName: 'short',
    }).format(Date.parse(code.ends_at))
  const time = useMemo(() => new Intl.DateTimeFormat(locale, { timeStyle: 'short' }), [locale])
  return (
    <>
      <section aria-labelledby={`${idPrefix}-codes`}>
        <h3 id={`${idPrefix}-codes`} className={styles.sectionTitle}>
          {LL.offboard.codesHeading()}
        </h3>
        {report.offline_codes.length === 0 ? (
          <p>{LL.offboard.noCodes()}</p>
        ) : (
          <ul className={styles.plainList}>
            {report.offline_codes.map((code) => (
              <li key={`${code.credential_id}-${code.device_id}`} className={styles.actionRow}>
                <span>{LL.offboard.codeLine({ end: end(code), lock: code.device_name })}</span>
                {can(deviceCommandNeeds) ? (
                  <Button
                    size="sm"
                    tone="secondary"
                    aria-label={LL.offboard.rotateOn({ lock: code.device_name })}
                    onClick={() => setRotating(code)}
                  >
                    {LL.offboard.rotate()}
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby={`${idPrefix}-unreached`}>
        <h3 id={`${idPrefix}-unreached`} className={styles.sectionTitle}>
          {LL.offboard.unreachedHeading()}
        </h3>
        {report.unreached_locks.length === 0 ? (
          <p>{LL.offboard.noUnreached()}</p>
        ) : (
          <>
            <ul className={styles.plainList}>
              {report.unreached_locks.map((lock) => (
                <li key={lock.device_id}>{lock.device_name}</li>
              ))}
            </ul>
            <p className={styles.reason}>{LL.offboard.unreachedHint()}</p>
          </>
        )}
      </section>
      {report.undoable ? (
        <p>{LL.offboard.undoUntil({ time: time.format(Date.parse(report.undo_until)) })}</p>
      ) : null}
      <RotateKeyDialog code={rotating} onClose={() => setRotating(null)} onDone={onChanged} />
    </>
  )
}

/** "Rotate the lock's offline key" (decision 073): every code made on the lock stops at once. */
function RotateKeyDialog(props: {
  code: RemainingCode | null
  onClose: () => void
  onDone: () => void
}) {
  const { LL } = useI18nContext()
  const lock = props.code?.device_name ?? ''
  const rotate = useMutation({
    mutationFn: (deviceId: number) => rotateOfflineKey(deviceId),
    onSuccess: (answer) => {
      showToast(LL.offboard.rotated({ lock, count: answer.codes_ended }))
      props.onDone()
    },
  })
  return (
    <ConfirmDialog
      target={props.code?.device_id ?? null}
      mutation={rotate}
      title={LL.offboard.rotateTitle({ lock })}
      description={LL.offboard.rotateBody()}
      confirmLabel={LL.offboard.rotateConfirm()}
      pendingLabel={LL.offboard.rotating()}
      kind="destructive"
      onClose={props.onClose}
    />
  )
}

/**
 * The user page's account of their latest offboarding, while it stands: what remains, and "Undo"
 * within the ten minutes. Shown to those who may offboard (the report needs users:update).
 */
export function OffboardPanel({ user }: { user: User }) {
  const found = useQuery(offboardingQuery(user.user_id)).data
  return found && found.undone_at === null ? <OffboardStanding user={user} report={found} /> : null
}

function OffboardStanding({ user, report }: { user: User; report: OffboardReport }) {
  const { LL, locale } = useI18nContext()
  const client = useQueryClient()
  const undo = useUndo(fullName(user), report, () => {
    void refetchAfterWrite(client, userKeys, { kind: 'saved' })
  })
  const format = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  )
  return (
    <section className={styles.section} aria-labelledby="user-offboarded">
      <h2 id="user-offboarded" className={styles.sectionTitle}>
        {LL.offboard.panelTitle({ time: format.format(Date.parse(report.at)) })}
      </h2>
      <OffboardRemains
        report={report}
        idPrefix="user-offboarded"
        onChanged={() => void refetchAfterWrite(client, userKeys, { kind: 'saved' })}
      />
      {undo.button}
      {undo.refusal}
    </section>
  )
}
