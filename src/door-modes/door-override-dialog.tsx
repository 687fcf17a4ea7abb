import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import type { TranslationFunctions } from '../../i18n/i18n-types'
import {
  doorOverrideMachine,
  type FieldRefusal,
  type DoorOverrideEvent,
  type OverrideEnding,
  type OverrideField,
  type OverrideMode,
} from '../../machines/door-override.machine'
import {
  doorTimelineOptions,
  fetchDoorModeSetting,
  fetchDoorTimeline,
  refetchDoorModes,
  setDoorOverride,
} from '../api/door-modes'
import { OVERRIDE_MAX_DAYS, modeOwnerId, type ModeRef } from '../contract/door-modes'
import type { ErrorBody } from '../contract/errors'
import { lockdownRefusalText } from '../lib/answer-text'
import { createRequestSlot } from '../lib/request-actions'
import { Button } from '../ui/button'
import { useConfirmFocus } from '../ui/confirm-focus'
import { Dialog } from '../ui/dialog'
import * as fieldset from '../ui/fieldset.css'
import { Spinner } from '../ui/loading'
import { Notice, showToast } from '../ui/notice'
import { TextField } from '../ui/text-field'
import {
  REASON_MAX,
  checkOverride,
  prefilledUntil,
  untilText,
  wallParts,
} from './door-override-check'
import * as styles from './door-override.css'
import { overrideFailure, overrideRefusals, refusalBody } from './door-override-errors'

type Props = { door: ModeRef; mode: OverrideMode; onClose: () => void }

/** "…, then locked by its schedule “Office hours”": what the door does when the override ends. */
export function afterText(LL: TranslationFunctions, ending: OverrideEnding): string {
  const kind = ending.layer as keyof TranslationFunctions['doorOverride']['after']
  const mode = LL.doorOverride.mode[ending.mode]()
  const named = LL.doorOverride.after[kind]
  const unnamed = LL.doorOverride.afterUnnamed[kind]
  if (named === undefined || unnamed === undefined) return mode
  return ending.name === null ? unnamed({ mode }) : named({ mode, name: ending.name })
}

function refusalText(LL: TranslationFunctions, refusal: FieldRefusal | undefined) {
  if (refusal === undefined) return null
  if (refusal === 'tooFar') return LL.doorOverride.refusals.tooFar({ max: OVERRIDE_MAX_DAYS })
  if (refusal === 'tooLong') return LL.doorOverride.refusals.tooLong({ max: REASON_MAX })
  return LL.doorOverride.refusals[refusal]()
}

/**
 * "Unlock … until …" and "Keep … locked until …" (decision 069): the door's timeline is read
 * first, for the place's zone and clock (the end is prefilled today 18:00 there), then the
 * override machine runs the dialog.
 */
export function DoorOverrideDialog({ door, mode, onClose }: Props) {
  const { LL } = useI18nContext()
  const timeline = useQuery(doorTimelineOptions(door))
  if (timeline.data === undefined) {
    return (
      <Dialog
        open
        onOpenChange={(open) => (open ? undefined : onClose())}
        title={LL.doorOverride.title[mode]({ door: door.name })}
      >
        {timeline.isError ? (
          <Notice tone="danger">{LL.doorOverride.failures.unavailable()}</Notice>
        ) : (
          <Spinner label={LL.doorOverride.loading()} />
        )}
      </Dialog>
    )
  }
  return (
    <OverrideFlow
      door={door}
      mode={mode}
      zone={timeline.data.time_zone}
      until={prefilledUntil(timeline.data.at, timeline.data.time_zone)}
      onClose={onClose}
    />
  )
}

function OverrideFlow(props: Props & { zone: string; until: string }) {
  const { door, mode, zone, onClose } = props
  const { LL, locale } = useI18nContext()
  const queryClient = useQueryClient()
  const [refusal, setRefusal] = useState<ErrorBody | null>(null)
  const [machine] = useState(() => {
    const slot = createRequestSlot()
    return doorOverrideMachine.provide({
      actions: {
        check: ({ self }, { until, reason }) =>
          slot.start(
            async (signal) => {
              const found = checkOverride({ until, reason }, await fetchDoorTimeline(door, signal))
              if (!('ending' in found) || found.ending.layer !== 'schedule') return found
              if (found.ending.name !== null) return found
              // The schedule's name, for a server that does not name its layers.
              const setting = await fetchDoorModeSetting(door, signal)
              return { ending: { ...found.ending, name: setting?.schedule_name ?? null } }
            },
            {
              ok: (found) =>
                self.send(
                  'ending' in found
                    ? { type: 'override.checked', ending: found.ending }
                    : { type: 'override.refused', refusals: found.refusals },
                ),
              fail: (error) =>
                self.send({ type: 'override.failed', failure: overrideFailure(error) }),
            },
          ),
        send: ({ self }, { until, reason, idempotencyKey, mode: sent }) =>
          slot.start(() => setDoorOverride(door, { mode: sent, until, reason }, idempotencyKey), {
            ok: () => {
              void refetchDoorModes(queryClient)
              showToast(
                LL.doorOverride.succeeded[sent]({
                  door: door.name,
                  until: untilText(until, zone, locale),
                }),
              )
              self.send({ type: 'override.sent' })
            },
            fail: (error) => {
              const refusals = overrideRefusals(error)
              if (refusals !== null) return self.send({ type: 'override.refused', refusals })
              setRefusal(refusalBody(error))
              self.send({ type: 'override.failed', failure: overrideFailure(error) })
            },
          }),
        cancelPending: () => slot.cancel(),
      },
    })
  })
  const actor = useActorRef(machine, {
    input: { doorId: modeOwnerId(door), mode, until: props.until },
  })
  const snapshot = useSelector(actor, (s) => s)
  const finished = snapshot.status === 'done'
  useEffect(() => {
    if (finished) onClose()
  }, [finished, onClose])
  const { until, reason, refusals, ending, failure } = snapshot.context
  const confirming = snapshot.matches('confirming')
  const { confirmRef, startRef } = useConfirmFocus('reversible', confirming)
  const reasonRef = useRef<HTMLInputElement>(null)
  const send = (event: DoorOverrideEvent) => actor.send(event)
  const edit = (field: OverrideField, value: string) =>
    send({ type: 'override.edit', field, value })
  const editing = snapshot.matches('editing')
  // Back in editing (first, or after a refusal) the person types on: the reason, or the field refused.
  useEffect(() => {
    if (editing) reasonRef.current?.focus()
  }, [editing])
  const parts = wallParts(until)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    send({ type: 'override.submit' })
  }
  const cancel = () => send({ type: 'override.cancel' })
  const key = () => crypto.randomUUID()
  const shownUntil = untilText(until, zone, locale)

  let body = <Spinner label={LL.doorOverride.checking()} />
  let footer = (
    <Button tone="secondary" onClick={cancel}>
      {LL.common.cancel()}
    </Button>
  )
  if (editing) {
    body = (
      <form id="door-override" className={styles.form} onSubmit={submit} noValidate>
        <fieldset className={fieldset.fieldset}>
          <legend className={fieldset.legend}>{LL.doorOverride.until()}</legend>
          <div className={styles.parts}>
            <TextField
              type="date"
              name="until-date"
              label={LL.form.date()}
              value={parts.date}
              error={refusalText(LL, refusals.until)}
              hint={LL.doorOverride.zone({ zone })}
              onChange={(e) => edit('until', `${e.target.value}T${parts.time}`)}
            />
            <TextField
              type="time"
              name="until-time"
              label={LL.form.time()}
              value={parts.time}
              onChange={(e) => edit('until', `${parts.date}T${e.target.value}`)}
            />
          </div>
        </fieldset>
        <TextField
          name="reason"
          label={LL.doorOverride.reason()}
          value={reason}
          maxLength={REASON_MAX}
          ref={reasonRef}
          error={refusalText(LL, refusals.reason)}
          onChange={(e) => edit('reason', e.target.value)}
        />
      </form>
    )
    footer = (
      <>
        {footer}
        {/* Keyed: a button that changes role under the pointer (Change → Continue) must be new. */}
        <Button key="continue" type="submit" form="door-override">
          {LL.doorOverride.continue()}
        </Button>
      </>
    )
  } else if (confirming && ending !== null) {
    body = (
      <p>{LL.doorOverride.summary[mode]({ until: shownUntil, after: afterText(LL, ending) })}</p>
    )
    footer = (
      <>
        {footer}
        <Button key="change" tone="secondary" onClick={() => send({ type: 'override.back' })}>
          {LL.doorOverride.change()}
        </Button>
        <Button
          key="confirm"
          ref={confirmRef}
          onClick={() => send({ type: 'override.confirm', idempotencyKey: key() })}
        >
          {LL.doorOverride.confirm[mode]({ until: shownUntil })}
        </Button>
      </>
    )
  } else if (snapshot.matches('sending')) {
    body = <Spinner label={LL.doorOverride.saving()} />
  } else if (snapshot.matches('failed') && failure !== null) {
    body = (
      <Notice tone="danger">
        {failure === 'lockdown' && refusal?.rule === 'lockdown'
          ? lockdownRefusalText(LL, refusal.params ?? {})
          : LL.doorOverride.failures[failure]()}
      </Notice>
    )
    footer = (
      <>
        {footer}
        <Button key="change" tone="secondary" onClick={() => send({ type: 'override.back' })}>
          {LL.doorOverride.change()}
        </Button>
        <Button
          key="retry"
          autoFocus
          onClick={() => send({ type: 'override.retry', idempotencyKey: key() })}
        >
          {LL.common.retry()}
        </Button>
      </>
    )
  }
  return (
    <Dialog
      open={snapshot.status !== 'done'}
      onOpenChange={(open) => (open ? undefined : cancel())}
      title={
        snapshot.matches('failed')
          ? LL.doorOverride.failedTitle()
          : LL.doorOverride.title[mode]({ door: door.name })
      }
      initialFocus={confirming ? startRef : reasonRef}
      footer={footer}
    >
      {body}
    </Dialog>
  )
}
