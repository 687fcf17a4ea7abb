import { useQuery } from '@tanstack/react-query'
import { useMemo, type ReactNode } from 'react'
import { Link } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { activeLockdownsOptions } from '../../api/lockdowns'
import { triageOptions } from '../../api/triage'
import type { Device, DevicePlace } from '../../contract/devices'
import { LOW_BATTERY, type FailingDevice } from '../../contract/triage'
import { pathTo } from '../../contract/pages'
import { formatRelativeTime } from '../../lib/relative-time-text'
import { scoreLevel } from '../../lib/score-level'
import { useNow } from '../../lib/use-now'
import { Button } from '../../ui/button'
import { Notice } from '../../ui/notice'
import { Skeleton } from '../../ui/skeleton'
import * as styles from './needs-attention.css'
import { WalkList, type WalkItem } from './walk-list'
import { useDoorAttention } from './door-attention'
import { useExpiringCodes } from './code-attention'
import { useIncidentAttention } from './incident-attention'
import type { Severity } from '../../contract/alerts'
import { SeverityBadge } from '../../ui/severity-badge'
import { numberFormat } from '../../lib/number-format'
import { auditDetailText, deviceTypeName } from '../../lib/answer-text'

const placeText = (place: DevicePlace) =>
  [place.location, place.floor, place.room, place.door].filter(Boolean).join(' › ')

interface BoxProps {
  id: string
  title: string
  total: number
  items: readonly WalkItem[]
  empty: string
  footer?: ReactNode
}

/** One list of what needs a person: its title and count, its items, or a plain "all is well". */
function AttentionBox({ id, title, total, items, empty, footer }: BoxProps) {
  const { LL, locale } = useI18nContext()
  const numbers = numberFormat(locale)
  return (
    <section className={styles.box} aria-labelledby={id} data-testid={id}>
      <h3 id={id} className={styles.boxHead}>
        {title}
        {total > 0 ? <span className={styles.total}>{numbers.format(total)}</span> : null}
      </h3>
      {items.length === 0 ? (
        <p className={styles.empty}>{empty}</p>
      ) : (
        <>
          <WalkList label={title} items={items} />
          {total > items.length ? (
            <p className={styles.more}>
              {LL.dashboard.attention.shownOf({
                shown: numbers.format(items.length),
                total: numbers.format(total),
              })}
            </p>
          ) : null}
          {footer}
        </>
      )}
    </section>
  )
}

/** A device's row; with an open incident about it, that incident's severity beside its name. */
function deviceItem(device: Device, detail: ReactNode, severity?: Severity): WalkItem {
  return {
    key: String(device.device_id),
    href: pathTo('devices-view', { id: device.device_id }),
    content: (
      <>
        <span className={styles.name}>
          {severity === undefined ? null : <SeverityBadge severity={severity} />} {device.name}
        </span>
        <span className={styles.detail}>{detail}</span>
      </>
    ),
  }
}

/**
 * What needs a person now (devices not connected, batteries below the danger level of requirements
 * R4.12, commands that failed in the last 24 hours), each a short list walked with j/k, Enter
 * opening the device.
 */
export function NeedsAttention() {
  const { LL, locale } = useI18nContext()
  const now = useNow(30_000)
  const exact = useMemo(
    () => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }),
    [locale],
  )
  const { data, isError, refetch } = useQuery(triageOptions)
  // An active lockdown leads: it is what needs everyone first (the banner says it too).
  const lockdowns = useQuery(activeLockdownsOptions).data?.data ?? []
  const lockdownItems = lockdowns.map((lockdown): WalkItem => ({
    key: String(lockdown.lockdown_id),
    href: pathTo('lockdowns-view', { id: lockdown.lockdown_id }),
    content: (
      <>
        <span className={styles.name}>
          {LL.lockdown.attention({
            scope: lockdown.scope_name,
            when: formatRelativeTime(LL, Date.parse(lockdown.started_at), now),
          })}
        </span>
        <span className={styles.detail}>{lockdown.reason}</span>
      </>
    ),
  }))
  const level = { level: LOW_BATTERY }
  const doors = useDoorAttention()
  const codes = useExpiringCodes()
  const incidents = useIncidentAttention(now)

  const offline = (data?.offline.items ?? []).map((device) =>
    deviceItem(
      device,
      `${deviceTypeName(LL, device.device_type)} · ${placeText(device.place)}`,
      incidents.devices.get(device.device_id),
    ),
  )
  const lowBattery = (data?.low_battery.items ?? []).map((device) => {
    const battery = device.current_status.battery_level ?? 0
    return deviceItem(
      device,
      <>
        <span className={styles.level[scoreLevel(battery)]}>
          {LL.dashboard.attention.battery({ level: battery })}
        </span>
        {` · ${placeText(device.place)}`}
      </>,
      incidents.devices.get(device.device_id),
    )
  })
  const failedItem = (device: FailingDevice): WalkItem => ({
    key: String(device.device_id),
    href: pathTo('devices-view', { id: device.device_id }),
    content: (
      <>
        <span className={styles.name}>{device.device_name}</span>
        <span className={styles.detail}>
          {LL.dashboard.attention.failures({
            count: device.failures,
            action: LL.audits.commands[device.last_command](),
            when: formatRelativeTime(LL, Date.parse(device.last_at), now),
            detail:
              auditDetailText(
                LL,
                {
                  detail: device.last_detail,
                  detail_code: device.last_detail_code,
                  detail_params: device.last_detail_params,
                },
                (iso) => exact.format(Date.parse(iso)),
              ) || '—',
          })}
        </span>
      </>
    ),
  })

  return (
    <section aria-labelledby="dashboard-attention">
      <h2 id="dashboard-attention" className={styles.boxHead}>
        {LL.dashboard.attention.title()}
      </h2>
      <p className={styles.more}>{LL.dashboard.attention.hint()}</p>
      {lockdownItems.length > 0 ? (
        <AttentionBox
          id="attention-lockdown"
          title={LL.lockdown.attentionTitle()}
          total={lockdownItems.length}
          items={lockdownItems}
          empty=""
        />
      ) : null}
      {incidents.items.length > 0 ? (
        <AttentionBox
          id="attention-incidents"
          title={LL.dashboard.attention.incidents()}
          total={incidents.total}
          items={incidents.items}
          empty=""
          footer={
            <Link className={styles.more} href={pathTo('incidents', { state: 'open' })}>
              {LL.dashboard.attention.allIncidents()}
            </Link>
          }
        />
      ) : null}
      {isError ? (
        <Notice tone="danger">
          {LL.dashboard.attention.failed()}{' '}
          <Button size="sm" onClick={() => void refetch()}>
            {LL.common.retry()}
          </Button>
        </Notice>
      ) : data === undefined ? (
        // One placeholder until the lists arrive together: boxes that each grew from their own
        // placeholder would push the ones after them down (a layout shift on a narrow screen).
        <Skeleton shape="block" />
      ) : (
        <div className={styles.columns}>
          <AttentionBox
            id="attention-offline"
            title={LL.dashboard.attention.offline()}
            total={data.offline.total}
            items={offline}
            empty={LL.dashboard.attention.offlineEmpty()}
          />
          <AttentionBox
            id="attention-battery"
            title={LL.dashboard.attention.lowBattery(level)}
            total={data.low_battery.total}
            items={lowBattery}
            empty={LL.dashboard.attention.lowBatteryEmpty(level)}
          />
          {data.failed === null ? null : (
            <AttentionBox
              id="attention-failed"
              title={LL.dashboard.attention.failedCommands()}
              total={data.failed.total}
              items={data.failed.items.map(failedItem)}
              empty={LL.dashboard.attention.failedEmpty()}
              footer={
                <Link className={styles.more} href={pathTo('audits', { search: 'failure' })}>
                  {LL.dashboard.attention.allFailures()}
                </Link>
              }
            />
          )}
        </div>
      )}
      {/* Last: arriving after the triage, they push none of its lists down. */}
      {codes.length > 0 ? (
        <AttentionBox
          id="attention-expiring-codes"
          title={LL.lockSync.expiringTitle()}
          total={codes.length}
          items={codes}
          empty=""
        />
      ) : null}
      {doors.failed ? (
        <Notice tone="danger">
          {LL.doorModes.attentionFailed()}{' '}
          <Button size="sm" onClick={doors.retry}>
            {LL.common.retry()}
          </Button>
        </Notice>
      ) : null}
      {doors.overridden.length > 0 ? (
        <AttentionBox
          id="attention-door-overrides"
          title={LL.doorModes.attentionOverridden()}
          total={doors.overridden.length}
          items={doors.overridden}
          empty=""
        />
      ) : null}
      {doors.notReached.length > 0 ? (
        <AttentionBox
          id="attention-not-reached"
          title={LL.doorModes.attentionNotReached()}
          total={doors.notReached.length}
          items={doors.notReached}
          empty=""
        />
      ) : null}
    </section>
  )
}
