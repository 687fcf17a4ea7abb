import { memo, useMemo } from 'react'
import { useI18nContext } from '../../i18n/i18n-react'
import type { DoorModeNow } from '../contract/door-modes'
import * as styles from './door-modes.css'

/** The words of a door's mode now: "Unlocked · override until Wed 18:00", "Locked", "Not reached". */
export function badgeText(
  LL: ReturnType<typeof useI18nContext>['LL'],
  mode: DoorModeNow,
  until: (iso: string) => string,
): string {
  if (mode.not_reached) return LL.doorModes.badgeNotReached()
  const word = LL.doorModes[mode.mode]()
  if (mode.until === null) return word
  return LL.doorModes.badgeUntil({
    mode: word,
    kind: LL.doorModes.kindShort[mode.kind](),
    until: until(mode.until),
  })
}

/** A door row's mode now in the location tree; `zone` is the place's clock, when it is known. */
export const DoorModeBadge = memo(function DoorModeBadge({
  mode,
  zone,
}: {
  mode: DoorModeNow
  zone: string | undefined
}) {
  const { LL, locale } = useI18nContext()
  const format = useMemo(() => {
    const clock = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      ...(zone === undefined ? { timeZoneName: 'short' } : { timeZone: zone }),
    })
    return (iso: string) => clock.format(Date.parse(iso))
  }, [locale, zone])
  const tone = mode.not_reached ? 'notReached' : mode.mode
  return (
    <span className={styles.badge[tone]} data-testid="door-mode-badge">
      {badgeText(LL, mode, format)}
    </span>
  )
})
