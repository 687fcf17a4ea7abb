import { describe, expect, it } from 'vitest'
import en from '../../i18n/en'
import { initFormatters } from '../../i18n/formatters'
import type { Translations } from '../../i18n/i18n-types'
import { i18nObject, loadedFormatters, loadedLocales } from '../../i18n/i18n-util'
import type { DoorModeNow } from '../contract/door-modes'
import { badgeText } from './door-mode-badge'

loadedLocales.en = en as Translations
loadedFormatters.en = initFormatters('en')
const LL = i18nObject('en')
const until = (iso: string) => `<${iso}>`

const now = (over: Partial<DoorModeNow>): DoorModeNow => ({
  door_id: 1,
  mode: 'locked',
  kind: 'schedule',
  until: null,
  not_reached: false,
  ...over,
})

describe("a door row's mode now", () => {
  it('says the mode alone when what decides it has no end', () => {
    expect(badgeText(LL, now({}), until)).toBe('Locked')
    expect(badgeText(LL, now({ mode: 'unlocked' }), until)).toBe('Unlocked')
  })

  it('says what decides it and until when, when it ends', () => {
    expect(
      badgeText(
        LL,
        now({ mode: 'unlocked', kind: 'override', until: '2026-12-02T17:00:00Z' }),
        until,
      ),
    ).toBe('Unlocked · override until <2026-12-02T17:00:00Z>')
    expect(badgeText(LL, now({ kind: 'command', until: '2026-12-03T06:00:00Z' }), until)).toBe(
      'Locked · by hand until <2026-12-03T06:00:00Z>',
    )
  })

  it('says a lock was not reached before anything else', () => {
    expect(badgeText(LL, now({ mode: 'unlocked', not_reached: true }), until)).toBe('Not reached')
  })
})
