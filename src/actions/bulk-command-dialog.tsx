import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useVirtualizer } from '@tanstack/react-virtual'
import { memo, useEffect, useId, useRef, useState } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import { deviceKeys, fetchDevicePage } from '../api/devices'
import type { DeviceFilters } from '../contract/devices'
import type { ErrorBody } from '../contract/errors'
import { commandFailureText } from '../lib/answer-text'
import {
  collectDevices,
  planBulk,
  runBulk,
  withSteps,
  type BulkPorts,
  type BulkRow,
  type BulkStep,
} from './bulk-command'
import { Button } from '../ui/button'
import { errorText } from '../ui/data-table/error-text'
import { useConfirmFocus } from '../ui/confirm-focus'
import { Dialog } from '../ui/dialog'
import { Notice } from '../ui/notice'
import { frameBatch } from '../lib/frame-batch'
import { failureOf, refusalBody, refusedAuditId } from './command-errors'
import type { BulkCommandName } from './command-links'
import * as styles from './command-receipts.css'
import { markWaiting, refetchAfterCommands, sendWithReceipt } from './send-command'

export type PlaceKind = 'location' | 'floor' | 'room'

/** Where "everything here" is: a location, one of its floors or one of its rooms. */
export interface BulkPlace {
  kind: PlaceKind
  id: number
  name: string
}

const placeFilter = (place: BulkPlace): DeviceFilters => ({ [`${place.kind}_id`]: place.id })

export interface Run {
  rows: BulkRow[]
  tally: { succeeded: number; failed: number } | null
  skipped: number
}

interface BulkCommandDialogProps {
  place: BulkPlace
  command: BulkCommandName
  open: boolean
  onClose: () => void
}

/**
 * "Lock/unlock everything here": a dry run first (who receives it, who is skipped and why), one
 * confirmation naming the count, then each device's receipt as it arrives and a summary. Closing
 * during the run only closes the dialog: the commands were confirmed, and their receipts stay in
 * the receipts panel.
 */
export function BulkCommandDialog({ place, command, open, onClose }: BulkCommandDialogProps) {
  const { LL } = useI18nContext()
  const client = useQueryClient()
  const [run, setRun] = useState<Run | null>(null)
  const preview = useQuery({
    queryKey: [...deviceKeys.all, 'place', place.kind, place.id],
    queryFn: ({ signal }) =>
      collectDevices((start, length) =>
        fetchDevicePage(
          {
            start,
            length,
            order_by: 'name',
            order_direction: 'asc',
            search: '',
            ...placeFilter(place),
          },
          signal,
        ),
      ),
    enabled: open && run === null,
  })
  const plan = preview.data ? planBulk(preview.data, command) : null
  const label = LL.devices.command[command]()
  const ready = plan !== null && plan.targets.length > 0 && run === null
  // Locking or unlocking everything here is undone as easily: Enter sends once the plan shows.
  const { confirmRef, cancelRef, startRef } = useConfirmFocus('reversible', open && ready)

  // Receipts arrive faster than frames: the steps between two frames become one render.
  const [steps] = useState(() => {
    const queued = new Map<number, BulkStep>()
    const batch = frameBatch(() => {
      const taken = new Map(queued)
      queued.clear()
      setRun((current) =>
        current ? { ...current, rows: withSteps(current.rows, taken) } : current,
      )
    })
    return {
      add: (id: number, step: BulkStep) => {
        queued.set(id, step)
        batch.schedule()
      },
      flush: batch.now,
      cancel: batch.cancel,
    }
  })
  useEffect(() => steps.cancel, [steps])

  const start = () => {
    if (!plan) return
    const update = (id: number, status: BulkRow['status'], refusal: ErrorBody | null = null) =>
      steps.add(id, { status, refusal })
    const keys = new Map<number, string>()
    const ports: BulkPorts = {
      send: (device, name, key) =>
        sendWithReceipt(device, name, key).then((result) => ({ auditId: result.audit_id })),
      classify: (error) => ({
        failure: failureOf(error),
        auditId: refusedAuditId(error),
        refusal: refusalBody(error),
      }),
      mintKey: () => crypto.randomUUID(),
      onUpdate: (device, step) => {
        if (step.status === 'pending') keys.set(device.device_id, step.key)
        const key = keys.get(device.device_id)
        if (step.status === 'waiting' && key !== undefined) markWaiting(key)
        update(device.device_id, step.status, step.status === 'failed' ? step.refusal : null)
      },
    }
    setRun({
      rows: plan.targets.map((device) => ({ device, status: 'queued', refusal: null })),
      tally: null,
      skipped: plan.skipped.length,
    })
    void runBulk(plan.targets, command, ports).then((tally) => {
      steps.flush()
      setRun((current) => (current ? { ...current, tally } : current))
      refetchAfterCommands(client)
    })
  }

  const close = () => {
    if (run?.tally) setRun(null)
    onClose()
  }
  const answered = run
    ? run.rows.filter((row) => row.status === 'done' || row.status === 'failed').length
    : 0

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? undefined : close())}
      title={LL.devices.bulk.title({ command: label, place: place.name })}
      hideClose
      initialFocus={startRef}
      footer={
        run === null ? (
          <>
            <Button tone="secondary" ref={cancelRef} onClick={close}>
              {LL.common.cancel()}
            </Button>
            {ready && plan ? (
              <Button ref={confirmRef} onClick={start}>
                {LL.devices.bulk.confirm({ command: label, count: plan.targets.length })}
              </Button>
            ) : null}
          </>
        ) : (
          <Button onClick={close} autoFocus>
            {LL.common.close()}
          </Button>
        )
      }
    >
      <div data-testid="bulk-dialog">
        {run !== null ? (
          <RunView run={run} answered={answered} />
        ) : preview.isError ? (
          <Notice tone="danger">
            {errorText(LL, preview.error)}{' '}
            <Button size="sm" onClick={() => void preview.refetch()}>
              {LL.common.retry()}
            </Button>
          </Notice>
        ) : plan === null ? (
          <p role="status">{LL.devices.bulk.finding()}</p>
        ) : (
          <PlanView plan={plan} label={label} />
        )}
      </div>
    </Dialog>
  )
}

function PlanView({ plan, label }: { plan: ReturnType<typeof planBulk>; label: string }) {
  const { LL } = useI18nContext()
  return (
    <>
      <p role="status">
        {plan.targets.length === 0
          ? LL.devices.bulk.nothing()
          : LL.devices.bulk.receive({ count: plan.targets.length, command: label })}
      </p>
      {plan.skipped.length > 0 ? (
        <section aria-labelledby="bulk-skipped">
          <h3 id="bulk-skipped" className={styles.heading}>
            {LL.devices.bulk.skipped({ count: plan.skipped.length })}
          </h3>
          {/* Focusable, so the keyboard scrolls a long list too. */}
          <ul
            className={styles.scroll}
            data-testid="bulk-skipped"
            tabIndex={0}
            aria-labelledby="bulk-skipped"
          >
            {plan.skipped.map(({ device, reason }) => (
              <li key={device.device_id} className={styles.row}>
                <span>{device.name}</span>
                <span>{LL.devices.bulk.skip[reason]()}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  )
}

/** A receipt row's height before it is measured (a refusal may wrap to two lines). */
const ROW_PX = 24

/**
 * The run's live summary and one row per device. Only the rows in view (and a margin) are in the
 * page: a receipt re-renders its own row, and 1,000 receipts arriving never lay out or paint 1,000
 * rows (bench/lockdown-browser.ts measures the frames).
 */
export function RunView({ run, answered }: { run: Run; answered: number }) {
  const { LL } = useI18nContext()
  const headingId = useId()
  const scrollRef = useRef<HTMLDivElement>(null)
  const rows = useVirtualizer({
    count: run.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_PX,
    overscan: 8,
  })
  const failed = run.rows.filter((row) => row.status === 'failed').length
  return (
    <>
      <p role="status">
        {run.tally
          ? LL.devices.bulk.summary({
              done: run.tally.succeeded,
              failed: run.tally.failed,
              skipped: run.skipped,
            })
          : LL.devices.bulk.progress({ answered, count: run.rows.length })}
      </p>
      <h3 id={headingId} className={styles.heading}>
        {LL.devices.bulk.receiptsHeading()}
      </h3>
      {/* Focusable, so the keyboard scrolls it too. */}
      <div
        ref={scrollRef}
        className={styles.windowScroll}
        tabIndex={0}
        role="region"
        aria-labelledby={headingId}
      >
        <ul
          className={styles.window}
          style={{ height: rows.getTotalSize() }}
          data-testid="bulk-receipts"
          data-failed={failed}
        >
          {rows.getVirtualItems().map((item) => {
            const row = run.rows[item.index]
            return row ? (
              <ReceiptRow
                key={row.device.device_id}
                row={row}
                index={item.index}
                count={run.rows.length}
                start={item.start}
                measure={rows.measureElement}
              />
            ) : null
          })}
        </ul>
      </div>
    </>
  )
}

interface ReceiptRowProps {
  row: BulkRow
  index: number
  count: number
  start: number
  measure: (element: Element | null) => void
}

// Memoized: withSteps keeps every other row's object, so only the row a receipt names renders again.
const ReceiptRow = memo(function ReceiptRow({
  row,
  index,
  count,
  start,
  measure,
}: ReceiptRowProps) {
  const { LL } = useI18nContext()
  return (
    <li
      ref={measure}
      data-index={index}
      aria-setsize={count}
      aria-posinset={index + 1}
      className={styles.windowRow}
      style={{ transform: `translateY(${start}px)` }}
    >
      <span>{row.device.name}</span>
      <span className={row.status === 'queued' ? undefined : styles.status[row.status]}>
        {row.status === 'queued'
          ? null
          : (commandFailureText(LL, row.refusal) ?? LL.devices.receipts.status[row.status]())}
      </span>
    </li>
  )
})
