import { useId, useMemo, type ReactNode } from 'react'
import { Link } from 'wouter'
import { useI18nContext } from '../../i18n/i18n-react'
import type { DoorModeSetting, ModeChange, ModeTimeline as Timeline } from '../contract/door-modes'
import { pathTo } from '../contract/pages'
import { Notice } from '../ui/notice'
import * as styles from './door-modes.css'
import { layerLine, layerWords, waitsForFirstIn, type LayerWords } from './layer-words'
import { ModeTimeline } from './mode-timeline'

export interface DoorModeViewProps {
  /** The door's name, for the heading. */
  name: string
  timeline: Timeline
  setting: DoorModeSetting | null
  /** Names of the door's locks by device id, for those not reached; an id alone otherwise. */
  lockNames?: ReadonlyMap<number, string>
  /** The door's actions (set or remove its unlock schedule). */
  actions?: ReactNode
}

function LayerLine({ words }: { words: LayerWords }) {
  return (
    <>
      <span className={styles.layerTitle}>{words.title}</span>
      {words.name === undefined ? null : (
        <>
          {' '}
          {words.name.href === undefined ? (
            words.name.text
          ) : (
            <Link href={words.name.href}>{words.name.text}</Link>
          )}
        </>
      )}
      {`: ${words.detail}`}
    </>
  )
}

/**
 * "Why is Main entrance unlocked?": the layer that decides now in words, the layers under it, the
 * unlock schedule set on the door, the next 7 days as a timeline and as a list, both on the
 * place's clock, and the locks the latest change did not reach (decision 069).
 */
export function DoorModeView({ name, timeline, setting, lockNames, actions }: DoorModeViewProps) {
  const { LL, locale } = useI18nContext()
  const headingId = useId()
  const zone = timeline.time_zone
  const format = useMemo(() => {
    const onPlaceClock = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: zone,
    })
    return (iso: string) => onPlaceClock.format(Date.parse(iso))
  }, [locale, zone])
  const words = (layer: Timeline['layer']) => layerWords(LL, layer, format, setting)
  const describe = (change: ModeChange) =>
    LL.doorModes.change({
      at: format(change.at),
      // A scheduled unlock that waits for its first person in says so, not just "locked".
      mode: waitsForFirstIn(change.layer)
        ? words(change.layer).detail
        : LL.doorModes.state[change.mode](),
      why: layerLine(words(change.layer)),
    })
  const heading =
    timeline.mode === 'unlocked'
      ? LL.doorModes.whyUnlocked({ name })
      : LL.doorModes.whyLocked({ name })
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid="door-mode">
      <h2 id={headingId} className={styles.title}>
        {heading}
      </h2>
      <p data-testid="door-mode-layer">
        <LayerLine words={words(timeline.layer)} />
      </p>
      {timeline.under.length === 0 ? null : (
        <>
          <h3 className={styles.subtitle}>{LL.doorModes.underIt()}</h3>
          <ul className={styles.list} data-testid="door-mode-under">
            {timeline.under.map((layer, index) => (
              <li key={`${layer.kind}-${index}`}>
                <LayerLine words={words(layer)} />
              </li>
            ))}
          </ul>
        </>
      )}
      <p className={styles.muted}>
        {setting === null
          ? timeline.device_id === null
            ? LL.doorModes.noSetting()
            : LL.doorModes.noSettingLock()
          : setting.first_person_in_group_name === null
            ? LL.doorModes.setting({ schedule: setting.schedule_name })
            : LL.doorModes.settingFirstIn({
                schedule: setting.schedule_name,
                group: setting.first_person_in_group_name,
              })}
      </p>
      {actions}
      <h3 className={styles.subtitle}>{LL.doorModes.week()}</h3>
      <p className={styles.muted}>{LL.doorModes.zone({ zone })}</p>
      <div className={styles.week}>
        <ModeTimeline
          from={timeline.at}
          mode={timeline.mode}
          changes={timeline.changes}
          describe={describe}
        />
        {timeline.changes.length === 0 ? (
          <p>{LL.doorModes.noChanges({ mode: LL.doorModes.state[timeline.mode]() })}</p>
        ) : (
          <ol className={styles.list} data-testid="door-mode-changes">
            {timeline.changes.map((change) => (
              <li key={change.at}>{describe(change)}</li>
            ))}
          </ol>
        )}
      </div>
      {timeline.not_reached.length === 0 ? null : (
        <Notice tone="warning">
          {LL.doorModes.notReachedHint()}{' '}
          {timeline.not_reached.map((id, index) => (
            <span key={id}>
              {index > 0 ? ', ' : null}
              <Link href={pathTo('devices-view', { id })}>
                {lockNames?.get(id) ?? LL.doorModes.lockId({ id })}
              </Link>
            </span>
          ))}
        </Notice>
      )}
    </section>
  )
}
