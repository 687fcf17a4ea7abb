import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useI18nContext } from '../../i18n/i18n-react'
import {
  doorModeSettingOptions,
  doorTimelineOptions,
  endDoorOverride,
  refetchDoorModes,
} from '../api/door-modes'
import type { ModeRef } from '../contract/door-modes'
import { Button } from '../ui/button'
import { useConfirmFocus } from '../ui/confirm-focus'
import { Dialog } from '../ui/dialog'
import { Spinner } from '../ui/loading'
import { Notice, showToast } from '../ui/notice'
import { afterText } from './door-override-dialog'

/**
 * "End override on …": one reversible step that says what the door returns to, the layer under
 * the override now (its schedule, a holiday, an older override), starting on its confirming button.
 */
export function EndOverrideDialog({ door, onClose }: { door: ModeRef; onClose: () => void }) {
  const { LL } = useI18nContext()
  const queryClient = useQueryClient()
  const timeline = useQuery(doorTimelineOptions(door))
  const setting = useQuery(doorModeSettingOptions(door))
  const end = useMutation({
    mutationFn: () => endDoorOverride(door, crypto.randomUUID()),
    onSuccess: async () => {
      showToast(LL.doorOverride.end.ended({ door: door.name }))
      onClose()
      await refetchDoorModes(queryClient)
    },
  })
  const overridden = timeline.data?.layer.kind === 'override'
  const under = timeline.data?.under[0]
  const ready = overridden && under !== undefined && !setting.isPending
  const { confirmRef, startRef } = useConfirmFocus('reversible', ready)
  let body = <Spinner label={LL.doorOverride.loading()} />
  if (timeline.isError)
    body = <Notice tone="danger">{LL.doorOverride.failures.unavailable()}</Notice>
  else if (timeline.data !== undefined && !overridden)
    body = <p>{LL.doorOverride.end.none({ door: door.name })}</p>
  else if (ready) {
    const name =
      under.name ?? (under.kind === 'schedule' ? (setting.data?.schedule_name ?? null) : null)
    const after = afterText(LL, { mode: under.mode, layer: under.kind, name })
    body = (
      <>
        <p>{LL.doorOverride.end.body({ door: door.name, after })}</p>
        {end.isError ? <Notice tone="danger">{LL.doorOverride.end.failed()}</Notice> : null}
      </>
    )
  }
  return (
    <Dialog
      open
      onOpenChange={(open) => (open || end.isPending ? undefined : onClose())}
      title={LL.doorOverride.end.title({ door: door.name })}
      initialFocus={ready ? startRef : undefined}
      footer={
        <>
          <Button tone="secondary" onClick={onClose} disabled={end.isPending}>
            {ready ? LL.common.cancel() : LL.common.close()}
          </Button>
          {ready ? (
            <Button ref={confirmRef} onClick={() => end.mutate()} disabled={end.isPending}>
              {end.isPending ? LL.doorOverride.end.ending() : LL.doorOverride.end.confirm()}
            </Button>
          ) : null}
        </>
      }
    >
      {body}
    </Dialog>
  )
}
