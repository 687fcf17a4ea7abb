import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useMemo } from 'react'
import { Link, useSearch } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { lockdownDetailOptions, refetchAfterLockdown, retryLockdown } from '../../api/lockdowns'
import {
  lockdownDeviceStates,
  type LockdownDetail,
  type LockdownDevice,
} from '../../contract/lockdowns'
import { listParams, pathTo } from '../../contract/pages'
import { lockdownNeeds } from '../../contract/permissions'
import { auditRowPath } from '../../actions/command-links'
import { useNow } from '../../lib/use-now'
import { LockdownActions } from '../../lockdown/lockdown-actions'
import { useSession } from '../../session/session-context'
import { Button } from '../../ui/button'
import { DetailState, useDetail } from '../../ui/detail-state'
import { failureText } from '../../ui/form/failure-text'
import { formFailure } from '../../ui/form/form-core'
import { Notice, showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import * as styles from './lockdowns.css'

/** While a lockdown lasts, its page follows its devices and its release as they change. */
export const LIVE_MS = 2_000

const liveDetail = (id: number) => ({
  ...lockdownDetailOptions(id),
  refetchInterval: (query: { state: { data?: LockdownDetail } }) =>
    query.state.data?.lockdown.state === 'released' ? false : LIVE_MS,
})

/** "4:59" until a release request lapses. */
function countdown(expiresAt: string, now: number): string | null {
  const left = Math.floor((Date.parse(expiresAt) - now) / 1000)
  if (left <= 0) return null
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`
}

/** /lockdowns/:id — state, scope, reason, both people of the release, and every device's part. */
export function LockdownViewScreen() {
  const { LL } = useI18nContext()
  const detail = useDetail(liveDetail, (item) =>
    LL.lockdown.pageTitle({ scope: item.lockdown.scope_name }),
  )
  if (!detail.item)
    return (
      <DetailState title={LL.lockdown.listTitle()} notFound={LL.form.notFound()} detail={detail} />
    )
  return <LockdownView detail={detail.item} />
}

function LockdownView({ detail }: { detail: LockdownDetail }) {
  const { LL, locale } = useI18nContext()
  const { can } = useSession()
  const client = useQueryClient()
  const search = useSearch()
  const now = useNow(1_000)
  const { lockdown, device_list: devices } = detail
  const exact = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'medium' }),
    [locale],
  )
  const at = (iso: string) => exact.format(Date.parse(iso))
  const retry = useMutation({
    mutationFn: () => retryLockdown(lockdown.lockdown_id, crypto.randomUUID()),
    onSuccess: () => showToast(LL.lockdown.retried()),
    onSettled: () => refetchAfterLockdown(client),
  })
  const release = lockdown.release
  const left = release?.state === 'pending' ? countdown(release.expires_at, now) : null
  const unreached = lockdown.devices.not_reached + lockdown.devices.failed
  const approveNow = new URLSearchParams(search).get(listParams.command) === 'approve'
  const field = (term: string, value: string) => (
    <>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.definition}>{value}</dd>
    </>
  )
  return (
    <Page
      title={LL.lockdown.pageTitle({ scope: lockdown.scope_name })}
      intro={LL.lockdown.states[lockdown.state]()}
      actions={
        <div className={styles.actions}>
          <LockdownActions key={lockdown.lockdown_id} lockdown={lockdown} approveNow={approveNow} />
          {lockdown.state !== 'released' && unreached > 0 && can(lockdownNeeds.start) ? (
            <Button
              size="sm"
              tone="secondary"
              disabled={retry.isPending}
              onClick={() => retry.mutate()}
            >
              {LL.lockdown.retry()}
            </Button>
          ) : null}
        </div>
      }
    >
      {retry.error ? (
        <Notice tone="danger">{failureText(LL, formFailure(retry.error))}</Notice>
      ) : null}
      <dl className={styles.details} data-testid="lockdown-details">
        {field(LL.lockdown.fields.state(), LL.lockdown.states[lockdown.state]())}
        {field(
          LL.lockdown.fields.scope(),
          `${LL.lockdown.scopeTypes[lockdown.scope_type]()}: ${lockdown.scope_name}`,
        )}
        {field(LL.lockdown.fields.reason(), lockdown.reason)}
        {field(
          LL.lockdown.fields.started(),
          LL.lockdown.byAt({ email: lockdown.started_by.email, time: at(lockdown.started_at) }),
        )}
        {release ? (
          <>
            {field(LL.lockdown.fields.release(), LL.lockdown.releaseStates[release.state]())}
            {field(
              LL.lockdown.fields.requestedBy(),
              `${LL.lockdown.byAt({ email: release.requested_by.email, time: at(release.requested_at) })} — ${release.reason}`,
            )}
            {release.state === 'pending'
              ? field(
                  LL.lockdown.fields.expiresAt(),
                  `${at(release.expires_at)} (${left === null ? LL.lockdown.expired() : LL.lockdown.countdown({ time: left })})`,
                )
              : null}
            {release.approved_by && release.approved_at
              ? field(
                  LL.lockdown.fields.approvedBy(),
                  LL.lockdown.byAt({
                    email: release.approved_by.email,
                    time: at(release.approved_at),
                  }),
                )
              : null}
          </>
        ) : null}
      </dl>
      <section className={styles.section} aria-labelledby="lockdown-devices">
        <h2 id="lockdown-devices" className={styles.sectionTitle}>
          {LL.lockdown.fields.devices()}
        </h2>
        <ul className={styles.counts} data-testid="lockdown-counts">
          {lockdownDeviceStates.map((state) => (
            <li key={state} className={styles.count}>
              {LL.lockdown.deviceStates[state]()}: <strong>{lockdown.devices[state]}</strong>
            </li>
          ))}
        </ul>
        {devices.length === 0 ? (
          <p className={styles.muted}>{LL.lockdown.noDevices()}</p>
        ) : (
          <DeviceTable devices={devices} at={at} />
        )}
      </section>
    </Page>
  )
}

function DeviceTable({
  devices,
  at,
}: {
  devices: readonly LockdownDevice[]
  at: (iso: string) => string
}) {
  const { LL } = useI18nContext()
  return (
    <table className={styles.table} data-testid="lockdown-devices">
      <thead>
        <tr>
          <th className={styles.cell} scope="col">
            {LL.lockdown.fields.device()}
          </th>
          <th className={styles.cell} scope="col">
            {LL.lockdown.fields.deviceState()}
          </th>
          <th className={styles.cell} scope="col">
            {LL.lockdown.fields.updated()}
          </th>
          <th className={styles.cell} scope="col">
            {LL.lockdown.fields.audit()}
          </th>
        </tr>
      </thead>
      <tbody>
        {devices.map((device) => (
          <tr key={device.device_id} data-state={device.state}>
            <td className={styles.cell}>
              <Link className={styles.link} href={pathTo('devices-view', { id: device.device_id })}>
                {device.name}
              </Link>
            </td>
            <td className={styles.cell}>{LL.lockdown.deviceStates[device.state]()}</td>
            <td className={styles.cell}>{at(device.updated_at)}</td>
            <td className={styles.cell}>
              {device.audit_id === null ? (
                <span className={styles.muted}>—</span>
              ) : (
                <Link className={styles.link} href={auditRowPath(device.audit_id, device.name)}>
                  {LL.lockdown.auditLink({ id: device.audit_id })}
                </Link>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
