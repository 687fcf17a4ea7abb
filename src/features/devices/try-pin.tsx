import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useMemo, useRef, useState, type FormEvent } from 'react'
import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { auditRowPath } from '../../actions/command-links'
import { enterPin, refetchAfterPinEntry } from '../../api/access'
import { isApiError, isHttpStatus } from '../../api/api-error'
import { userDetail } from '../../api/users'
import type { Device } from '../../contract/devices'
import { needs } from '../../contract/permissions'
import {
  PIN_ENTRY_LOCK_SECONDS,
  Pin,
  takesPins,
  type PinEntryAnswer,
} from '../../contract/pin-entry'
import { is } from '../../contract/struct'
import { closestRuleText, pinEntryText } from '../../lib/access-text'
import { useSession } from '../../session/session-context'
import { Button } from '../../ui/button'
import { failureText } from '../../ui/form/failure-text'
import { formFailure } from '../../ui/form/form-core'
import { TextField } from '../../ui/text-field'
import * as styles from './devices.css'

const testers = needs('devices', 'update')
const peopleReaders = needs('users', 'read')

/** The keypad's keys in the order a keypad has them; the last row is Clear, 0, Enter. */
const digitRows = [
  ['1', '2', '3'],
  ['4', '5', '6'],
  ['7', '8', '9'],
] as const

/**
 * "Try a PIN" on a keypad's or lock's page: a keypad on screen (its buttons, or typing and Enter)
 * that asks the server as the device itself would, and says the answer in words with its reason
 * and a link to the audit row it wrote. For those who may send the device commands.
 */
export function TryPin({ device }: { device: Device }) {
  const { can } = useSession()
  return takesPins(device) && can(testers) ? <Keypad device={device} /> : null
}

function Keypad({ device }: { device: Device }) {
  const { LL } = useI18nContext()
  const client = useQueryClient()
  const headingId = useId()
  const input = useRef<HTMLInputElement>(null)
  const [pin, setPin] = useState('')
  const [visible, setVisible] = useState(false)
  const [invalid, setInvalid] = useState(false)
  const entry = useMutation({
    mutationFn: (typed: string) => enterPin(device.device_id, typed),
    onSettled: () => refetchAfterPinEntry(client),
  })
  const type = (next: string) => {
    setInvalid(false)
    setPin(next.replace(/\D/g, '').slice(0, 12))
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!is(pin, Pin)) {
      setInvalid(true)
      input.current?.focus()
      return
    }
    // As at a keypad: what was typed is gone once it is sent.
    entry.mutate(pin)
    setPin('')
  }
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid="try-pin">
      <h2 id={headingId} className={styles.sectionTitle}>
        {LL.keypad.title()}
      </h2>
      <p className={styles.reason}>{LL.keypad.intro()}</p>
      <form className={styles.keypad} onSubmit={submit} aria-labelledby={headingId} noValidate>
        <div className={styles.keypadField}>
          <TextField
            ref={input}
            label={LL.keypad.pin()}
            type={visible ? 'text' : 'password'}
            inputMode="numeric"
            autoComplete="off"
            maxLength={12}
            value={pin}
            onChange={(event) => type(event.target.value)}
            hint={LL.keypad.pinHint()}
            error={invalid ? LL.keypad.pinInvalid() : undefined}
          />
          <Button
            type="button"
            tone="secondary"
            aria-pressed={visible}
            onClick={() => setVisible((shown) => !shown)}
          >
            {LL.keypad.show()}
          </Button>
        </div>
        <div role="group" aria-label={LL.keypad.keys()} className={styles.keys}>
          {digitRows.flat().map((digit) => (
            <Button key={digit} type="button" tone="secondary" onClick={() => type(pin + digit)}>
              {digit}
            </Button>
          ))}
          <Button type="button" tone="secondary" onClick={() => type('')}>
            {LL.keypad.clear()}
          </Button>
          <Button type="button" tone="secondary" onClick={() => type(`${pin}0`)}>
            0
          </Button>
          <Button type="submit">{LL.keypad.enter()}</Button>
        </div>
      </form>
      <div role="status" aria-busy={entry.isPending} data-testid="pin-answer">
        {entry.isPending ? (
          <p className={styles.reason}>{LL.keypad.asking()}</p>
        ) : entry.isError ? (
          <p className={styles.denied}>
            {isHttpStatus(entry.error, 429)
              ? LL.keypad.throttled({
                  seconds:
                    (isApiError(entry.error) ? entry.error.retryAfter : undefined) ??
                    PIN_ENTRY_LOCK_SECONDS,
                })
              : failureText(LL, formFailure(entry.error))}
          </p>
        ) : entry.data ? (
          <Answer answer={entry.data} device={device} />
        ) : null}
      </div>
    </section>
  )
}

/** The answer in words, the moment it was decided for, and its audit row. */
function Answer({ answer, device }: { answer: PinEntryAnswer; device: Device }) {
  const { LL, locale } = useI18nContext()
  const { can } = useSession()
  const named = answer.granted && answer.user_id !== undefined && can(peopleReaders)
  const person = useQuery({ ...userDetail(answer.user_id ?? 0), enabled: named })
  const name = person.data
    ? `${person.data.first_name} ${person.data.last_name}`.trim() || person.data.email
    : undefined
  const moment = useMemo(
    () =>
      new Intl.DateTimeFormat(locale, {
        dateStyle: 'full',
        timeStyle: 'short',
        timeZone: answer.time_zone,
      }).format(Date.parse(answer.at)),
    [locale, answer.at, answer.time_zone],
  )
  const closest = closestRuleText(LL, answer.reason)
  // The sentence names the person: it waits for the name rather than changing under a reader.
  if (named && person.isPending) return <p className={styles.reason}>{LL.keypad.asking()}</p>
  return (
    <>
      <p className={answer.granted ? styles.granted : styles.denied}>
        {pinEntryText(LL, answer, name)}
      </p>
      {closest === null ? null : <p className={styles.reason}>{closest}</p>}
      <p className={styles.reason}>
        {LL.keypad.decided({ moment, zone: answer.time_zone })}{' '}
        <Link className={styles.nameLink} href={auditRowPath(answer.audit_id, device.name)}>
          {LL.keypad.auditRow({ id: answer.audit_id })}
        </Link>
      </p>
    </>
  )
}
