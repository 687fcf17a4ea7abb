import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import {
  mfaKeys,
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
  renamePasskey,
} from '../../api/mfa'
import { isCeremonyRefusal, passkeyCreation } from '../../api/passkey-ceremony'
import type { MyFactors, Passkey } from '../../contract/mfa'
import { Button } from '../../ui/button'
import { FullMoment, useLogTime } from '../../ui/moment'
import { Notice, showToast } from '../../ui/notice'
import { TextField } from '../../ui/text-field'
import * as styles from './factors.css'

type Props = { factors: MyFactors; onCodes: (codes: string[]) => void }

/** My passkeys: register one with a name (the browser's WebAuthn ceremony), rename, remove. */
export function PasskeysSection({ factors, onCodes }: Props) {
  const { LL } = useI18nContext()
  const queryClient = useQueryClient()
  const [name, setName] = useState('')
  const [missing, setMissing] = useState(false)
  const refetch = () => queryClient.invalidateQueries({ queryKey: mfaKeys.factors })
  const add = useMutation({
    mutationFn: async (label: string) => {
      const { challenge_id, options } = await passkeyRegistrationOptions()
      const response = await passkeyCreation(options)
      return registerPasskey({ challenge_id, name: label, response })
    },
    onSuccess: (done) => {
      setName('')
      showToast(LL.account.passkeyAdded())
      if (done.recovery_codes) onCodes(done.recovery_codes)
      return refetch()
    },
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    setMissing(name.trim() === '')
    if (name.trim() !== '') add.mutate(name.trim())
  }
  return (
    <section className={styles.section} aria-labelledby="account-passkeys">
      <h2 id="account-passkeys" className={styles.subtitle}>
        {LL.account.passkeys()}
      </h2>
      {factors.passkeys.length === 0 ? (
        <p className={styles.muted}>{LL.account.noPasskeys()}</p>
      ) : (
        <ul className={styles.list} aria-label={LL.account.passkeys()}>
          {factors.passkeys.map((passkey) => (
            <PasskeyRow key={passkey.passkey_id} passkey={passkey} onChanged={refetch} />
          ))}
        </ul>
      )}
      {factors.can_enrol ? (
        <form className={styles.row} onSubmit={submit} noValidate aria-busy={add.isPending}>
          <TextField
            className={styles.grow}
            label={LL.account.passkeyName()}
            name="passkey-name"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
            error={missing ? LL.validation.nameRequired() : null}
          />
          <Button type="submit" disabled={add.isPending}>
            {LL.account.addPasskey()}
          </Button>
        </form>
      ) : null}
      {add.isError ? (
        <Notice tone={isCeremonyRefusal(add.error) ? 'info' : 'danger'}>
          {isCeremonyRefusal(add.error) ? LL.factor.passkeyCancelled() : LL.errors.default_error()}
        </Notice>
      ) : null}
    </section>
  )
}

function PasskeyRow({ passkey, onChanged }: { passkey: Passkey; onChanged: () => Promise<void> }) {
  const { LL } = useI18nContext()
  const { now, exact } = useLogTime()
  const [editing, setEditing] = useState(false)
  const [name, setName] = useState(passkey.name)
  const rename = useMutation({
    mutationFn: () => renamePasskey(passkey.passkey_id, name.trim()),
    onSuccess: () => {
      setEditing(false)
      return onChanged()
    },
  })
  const remove = useMutation({
    mutationFn: () => removePasskey(passkey.passkey_id),
    onSuccess: () => {
      showToast(LL.account.passkeyRemoved({ name: passkey.name }))
      return onChanged()
    },
  })
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (name.trim() !== '') rename.mutate()
  }
  return (
    <li className={styles.item}>
      {editing ? (
        <form className={`${styles.row} ${styles.grow}`} onSubmit={save} noValidate>
          <TextField
            className={styles.grow}
            label={LL.account.newNameFor({ name: passkey.name })}
            name="passkey-rename"
            value={name}
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Escape') setEditing(false)
            }}
            error={name.trim() === '' ? LL.validation.nameRequired() : null}
            autoFocus
          />
          <Button type="submit" disabled={rename.isPending}>
            {LL.common.save()}
          </Button>
          <Button tone="secondary" onClick={() => setEditing(false)}>
            {LL.common.cancel()}
          </Button>
        </form>
      ) : (
        <>
          <span className={styles.grow}>
            <strong>{passkey.name}</strong>{' '}
            <span className={styles.muted}>
              {LL.account.added()} <FullMoment at={passkey.created_at} now={now} exact={exact} />
            </span>
          </span>
          <Button
            tone="secondary"
            size="sm"
            aria-label={LL.account.renameNamed({ name: passkey.name })}
            onClick={() => setEditing(true)}
          >
            {LL.account.rename()}
          </Button>
          <Button
            tone="danger"
            size="sm"
            aria-label={LL.account.removeNamed({ name: passkey.name })}
            disabled={remove.isPending}
            onClick={() => remove.mutate()}
          >
            {LL.account.remove()}
          </Button>
        </>
      )}
      {rename.isError || remove.isError ? (
        <Notice tone="danger">{LL.errors.default_error()}</Notice>
      ) : null}
    </li>
  )
}
