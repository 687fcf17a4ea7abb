import { useQuery } from '@tanstack/react-query'
import { useEffect } from 'react'
import { credentialDetail } from '../../api/credentials'
import { codeShownText } from '../../lib/code-text'
import { useI18nContext } from '../../../i18n/i18n-react'
import { chosenOffline } from '../../../machines/offline-code.machine'
import type { Credential } from '../../contract/credentials'
import type { Device } from '../../contract/devices'
import { createPinNeeds } from '../../contract/permissions'
import { lockdownRefusalText } from '../../lib/answer-text'
import { groupPin } from '../../lib/digit-groups'
import { useSession } from '../../session/session-context'
import { Button } from '../../ui/button'
import { Dialog } from '../../ui/dialog'
import * as fieldset from '../../ui/fieldset.css'
import { Spinner } from '../../ui/loading'
import { Notice, showToast } from '../../ui/notice'
import * as styles from './credentials.css'
import { useOfflineCode } from './use-offline-code'

export type CodeCredential = Pick<
  Credential,
  | 'credential_id'
  | 'start_datetime'
  | 'end_datetime'
  | 'assignment_type'
  | 'assignment_id'
  | 'assignment_location_id'
  | 'meta_data'
  | 'permanent'
>

type FlowProps = {
  credential: CodeCredential
  /** The devices at the credential's place that can program codes, connected or not. */
  devices: Device[]
  onClose: () => void
}

/** The dialog of one offline-code machine, for a credential whose devices are loaded. */
export function CodeFlow({ credential, devices, onClose }: FlowProps) {
  const { LL } = useI18nContext()
  const { can } = useSession()
  const { snapshot, refusal, send } = useOfflineCode({
    credential,
    devices,
    hasPin: credential.meta_data.command_output.pin !== null,
    mayGenerate: can(createPinNeeds),
    onCopied: () => showToast(LL.credentials.code.copied()),
  })
  const done = snapshot.status === 'done'
  useEffect(() => {
    if (done) onClose()
  }, [done, onClose])
  // A PIN on screen, or on its way, leaves it when the window loses focus: another window, the
  // screen lock. The machine ignores it where no PIN is shown or asked for.
  useEffect(() => {
    const hide = () => send({ type: 'code.hide' })
    const hidden = () => {
      if (document.visibilityState === 'hidden') hide()
    }
    window.addEventListener('blur', hide)
    document.addEventListener('visibilitychange', hidden)
    return () => {
      window.removeEventListener('blur', hide)
      document.removeEventListener('visibilitychange', hidden)
    }
  }, [send])
  const { pin, unavailable, failure, deviceId } = snapshot.context
  // The code shown names its lock and window (decision 073): the newest one still honoured.
  const detail = useQuery({
    ...credentialDetail(credential.credential_id),
    enabled: pin !== null,
  })
  const shownCode = detail.data?.codes
    .filter((c) => !c.withdrawing)
    .reduce<(typeof detail.data.codes)[number] | undefined>(
      (newest, c) => (newest && newest.code_id > c.code_id ? newest : c),
      undefined,
    )
  const key = () => crypto.randomUUID()
  const close = () => send({ type: 'code.close' })
  const closeButton = (autoFocus: boolean) => (
    <Button tone="secondary" autoFocus={autoFocus} onClick={close}>
      {LL.common.close()}
    </Button>
  )
  const generateButton = (
    <Button
      autoFocus={snapshot.matches('offeringGeneration')}
      disabled={deviceId === null}
      onClick={() => send({ type: 'code.generate', idempotencyKey: key() })}
    >
      {LL.credentials.code.generate()}
    </Button>
  )
  // Offering one device and choosing among several end alike: close, or generate for the device.
  const generateFooter = (
    <>
      {closeButton(false)}
      {generateButton}
    </>
  )
  const offlineNote = chosenOffline(snapshot.context) ? (
    <Notice tone="info">{LL.credentials.code.offlineNote()}</Notice>
  ) : null

  let title = LL.credentials.code.showTitle()
  let body = <Spinner label={LL.credentials.code.checking()} />
  let footer = closeButton(false)
  if (snapshot.matches('confirmingReveal')) {
    body = (
      <>
        <p>{LL.credentials.code.revealQuestion()}</p>
        <Notice tone="warning">{LL.credentials.code.reminder()}</Notice>
      </>
    )
    footer = (
      <>
        {closeButton(false)}
        <Button autoFocus onClick={() => send({ type: 'code.reveal' })}>
          {LL.credentials.code.reveal()}
        </Button>
      </>
    )
  } else if (snapshot.matches('showingCode') && pin !== null) {
    body = (
      <>
        <p
          className={styles.pin}
          aria-label={`${LL.credentials.code.pinLabel()}: ${pin.split('').join(' ')}`}
        >
          {groupPin(pin)}
        </p>
        {shownCode ? <p data-testid="code-window">{codeShownText(LL, shownCode)}</p> : null}
        {shownCode && credential.permanent ? <p>{LL.lockSync.yearNote()}</p> : null}
        <Notice tone="warning">{LL.credentials.code.reminder()}</Notice>
      </>
    )
    footer = (
      <>
        {closeButton(false)}
        <Button autoFocus onClick={() => send({ type: 'code.copy' })}>
          {LL.credentials.code.copy()}
        </Button>
      </>
    )
  } else if (snapshot.matches('offeringGeneration')) {
    const device = devices.find((d) => d.device_id === deviceId)
    title = LL.credentials.code.generateTitle()
    body = (
      <>
        <p>{LL.credentials.code.offer({ device: device?.name ?? '' })}</p>
        {offlineNote}
      </>
    )
    footer = generateFooter
  } else if (snapshot.matches('choosingDevice')) {
    title = LL.credentials.code.generateTitle()
    body = (
      <>
        <p>{LL.credentials.code.choose()}</p>
        <fieldset className={fieldset.fieldset}>
          <legend className={fieldset.legend}>{LL.credentials.code.devices()}</legend>
          <ul className={styles.deviceChoices}>
            {devices.map((device, index) => (
              <li key={device.device_id}>
                <label className={styles.deviceChoice}>
                  <input
                    type="radio"
                    name="code-device"
                    className={styles.radio}
                    autoFocus={index === 0}
                    checked={deviceId === device.device_id}
                    onChange={() => send({ type: 'code.choose', deviceId: device.device_id })}
                  />
                  {device.name}
                  {device.current_status.connected ? null : (
                    <span className={styles.offlineTag}>{LL.credentials.code.notConnected()}</span>
                  )}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        {offlineNote}
      </>
    )
    footer = generateFooter
  } else if (snapshot.matches('generating')) {
    title = LL.credentials.code.generateTitle()
    body = <Spinner label={LL.credentials.code.generating()} />
  } else if (snapshot.matches('unavailable') && unavailable !== null) {
    title = LL.credentials.code.unavailableTitle()
    const reason =
      unavailable === 'capability'
        ? LL.credentials.code.unavailable.capability[credential.assignment_type]()
        : LL.credentials.code.unavailable.permission()
    body = <p>{reason}</p>
    footer = closeButton(true)
  } else if (snapshot.matches('failed') && failure !== null) {
    title = LL.credentials.code.failedTitle()
    body = (
      <Notice tone="danger">
        {refusal?.rule === 'lockdown'
          ? lockdownRefusalText(LL, refusal.params ?? {})
          : LL.credentials.code.failure[failure]()}
      </Notice>
    )
    footer = (
      <>
        {closeButton(false)}
        <Button autoFocus onClick={() => send({ type: 'code.retry', idempotencyKey: key() })}>
          {LL.common.retry()}
        </Button>
      </>
    )
  }
  return (
    <Dialog
      open={!done}
      onOpenChange={(open) => (open ? undefined : close())}
      title={title}
      footer={footer}
    >
      {body}
    </Dialog>
  )
}
