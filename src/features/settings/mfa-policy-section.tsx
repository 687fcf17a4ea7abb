import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { useI18nContext } from '../../../i18n/i18n-react'
import { fetchMfaPolicy, mfaKeys, saveMfaPolicy } from '../../api/mfa'
import type { MfaPolicy } from '../../contract/mfa'
import { useSession } from '../../session/session-context'
import { Button } from '../../ui/button'
import { Checkbox } from '../../ui/checkbox'
import { CheckboxGroup } from '../../ui/checkbox-group'
import { LoadFailed } from '../../ui/load-failed'
import { LoadingBar } from '../../ui/loading'
import { Notice, showToast } from '../../ui/notice'
import * as styles from './settings-screen.css'

// The decisive permissions a policy may name (decision 021: permissions held, not role labels).
// Each box stands for the permission and its `:org` twin: an org admin holds the twin.
const decisive = [
  'users:update',
  'lockdown:release',
  'devices:update',
  'credentials:update',
  'organizations:update',
] as const

const twins = (permission: string) => [permission, `${permission}:org`]

/**
 * "A second factor is required for these roles": the global policy for holders of
 * organizations:update, one's own organization's for holders of organizations:update:org. Who
 * holds a checked permission must enrol at their next sign-in.
 */
export function MfaPolicySection() {
  const { can, user } = useSession()
  const organizationId = can(['organizations:update'])
    ? null
    : can(['organizations:update:org'])
      ? (user?.organization_id ?? null)
      : undefined
  if (organizationId === undefined) return null
  return <PolicyForm organizationId={organizationId} />
}

function PolicyForm({ organizationId }: { organizationId: number | null }) {
  const { LL } = useI18nContext()
  const policy = useQuery({
    queryKey: mfaKeys.policy(organizationId),
    queryFn: ({ signal }) => fetchMfaPolicy(organizationId, signal),
  })
  return (
    <section className={styles.card} aria-labelledby="mfa-policy">
      <h2 id="mfa-policy">
        {organizationId === null ? LL.mfaPolicy.globalTitle() : LL.mfaPolicy.orgTitle()}
      </h2>
      {policy.isPending ? (
        <LoadingBar label={LL.common.loading()} />
      ) : policy.isError ? (
        <LoadFailed error={policy.error} onRetry={() => void policy.refetch()} />
      ) : (
        <PolicyFields organizationId={organizationId} saved={policy.data} />
      )}
    </section>
  )
}

function PolicyFields({
  organizationId,
  saved,
}: {
  organizationId: number | null
  saved: MfaPolicy
}) {
  const { LL } = useI18nContext()
  const queryClient = useQueryClient()
  const [chosen, setChosen] = useState<string[]>(() =>
    decisive.filter((permission) => saved.required_for.includes(permission)),
  )
  const [passwordless, setPasswordless] = useState(saved.passwordless_passkeys)
  const save = useMutation({
    mutationFn: () =>
      saveMfaPolicy(organizationId, {
        required_for: chosen.flatMap(twins),
        passwordless_passkeys: passwordless,
      }),
    onSuccess: () => {
      showToast(LL.mfaPolicy.saved())
      return queryClient.invalidateQueries({ queryKey: mfaKeys.policy(organizationId) })
    },
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    save.mutate()
  }
  return (
    <form onSubmit={submit} noValidate aria-busy={save.isPending}>
      <CheckboxGroup
        legend={LL.mfaPolicy.requiredFor()}
        hint={LL.mfaPolicy.hint()}
        name="required_for"
        options={decisive.map((permission) => ({ value: permission, label: permission }))}
        value={chosen}
        onChange={setChosen}
      />
      {organizationId === null ? null : (
        <Checkbox
          label={LL.mfaPolicy.passwordless()}
          checked={passwordless}
          onCheckedChange={setPasswordless}
        />
      )}
      {save.isError ? <Notice tone="danger">{LL.errors.default_error()}</Notice> : null}
      <Button type="submit" disabled={save.isPending}>
        {LL.common.save()}
      </Button>
    </form>
  )
}
