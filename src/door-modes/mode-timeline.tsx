import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import { keyName } from '../commands/shortcut-keys'
import { TIMELINE_DAYS, type DoorModeValue, type ModeChange } from '../contract/door-modes'
import * as styles from './door-modes.css'
import { positionOf, timelineMove } from './timeline-keys'

const DAY_MS = 86_400_000

interface ModeTimelineProps {
  /** The answer's moment: the bar's left edge. */
  from: string
  /** The mode at `from`, until the first change. */
  mode: DoorModeValue
  changes: readonly ModeChange[]
  /** A change in words ("Wed 3 Dec, 08:00: unlocked · Unlock schedule Office hours"). */
  describe: (change: ModeChange) => string
}

/**
 * The next 7 days as a bar: a stretch per mode, a marker per change. One tab stop: ← and → move
 * focus from change to change, Home and End to the first and last, and the focused change is
 * read out by its name (the list beside it says the same in text).
 */
export function ModeTimeline({ from, mode, changes, describe }: ModeTimelineProps) {
  const { LL } = useI18nContext()
  const hintId = useId()
  const [active, setActive] = useState(0)
  const markers = useRef<(HTMLDivElement | null)[]>([])
  const span = TIMELINE_DAYS * DAY_MS
  const at = (index: number) => (index < 0 ? 0 : positionOf(changes[index]?.at ?? from, from, span))
  const stretches = [
    { key: 'now', mode, start: 0, end: changes.length === 0 ? 100 : at(0) },
    ...changes.map((change, index) => ({
      key: change.at,
      mode: change.mode,
      start: at(index),
      end: index + 1 < changes.length ? at(index + 1) : 100,
    })),
  ]
  const current = Math.min(active, Math.max(0, changes.length - 1))
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = timelineMove(event.key, current, changes.length)
    if (next === null) return
    event.preventDefault()
    setActive(next)
    markers.current[next]?.focus()
  }
  const shown = changes[current]
  return (
    <div>
      <div className={styles.bar}>
        {stretches.map((stretch) => (
          <div
            key={stretch.key}
            aria-hidden="true"
            className={styles.segment[stretch.mode]}
            style={{
              insetInlineStart: `${stretch.start}%`,
              width: `${stretch.end - stretch.start}%`,
            }}
          />
        ))}
        {changes.length === 0 ? null : (
          <div
            role="listbox"
            aria-orientation="horizontal"
            aria-label={LL.doorModes.timelineLabel()}
            aria-describedby={hintId}
            data-testid="door-mode-timeline"
            onKeyDown={onKeyDown}
          >
            {changes.map((change, index) => (
              <div
                key={change.at}
                ref={(element) => {
                  markers.current[index] = element
                }}
                role="option"
                aria-selected={index === current}
                aria-label={describe(change)}
                tabIndex={index === current ? 0 : -1}
                className={styles.marker}
                style={{ insetInlineStart: `${at(index)}%` }}
                onFocus={() => setActive(index)}
                onClick={() => setActive(index)}
              />
            ))}
          </div>
        )}
      </div>
      {changes.length === 0 ? null : (
        <p id={hintId} className={styles.muted}>
          {LL.doorModes.timelineHint({
            left: keyName(LL, 'arrowleft', false),
            right: keyName(LL, 'arrowright', false),
            home: keyName(LL, 'home', false),
            end: keyName(LL, 'end', false),
          })}
        </p>
      )}
      {shown === undefined ? null : (
        // What the focused marker says, for whoever sees the bar: its name is read out on focus.
        <p className={styles.announced} aria-hidden="true">
          {describe(shown)}
        </p>
      )}
    </div>
  )
}
