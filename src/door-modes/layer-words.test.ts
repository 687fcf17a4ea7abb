import { describe, expect, it } from 'vitest'
import en from '../../i18n/en'
import { initFormatters } from '../../i18n/formatters'
import type { Translations } from '../../i18n/i18n-types'
import { i18nObject, loadedFormatters, loadedLocales } from '../../i18n/i18n-util'
import type { DoorModeSetting, ModeLayer } from '../contract/door-modes'
import { layerLine, layerWords } from './layer-words'

loadedLocales.en = en as Translations
loadedFormatters.en = initFormatters('en')
const LL = i18nObject('en')

// The place's clock is Intl's business (the panel formats in the answer's zone); here an instant
// is shown as its own text so the words around it can be read exactly.
const at = (iso: string) => `<${iso}>`

const setting: DoorModeSetting = {
  door_id: 7,
  device_id: null,
  organization_id: 1,
  schedule_id: 3,
  schedule_name: 'Office hours',
  mode_in_schedule: 'unlocked',
  mode_outside: 'locked',
  first_person_in_group_id: 5,
  first_person_in_group_name: 'Reception team',
  updated_at: '2026-12-01T08:00:00Z',
}

const said = (layer: ModeLayer, with_: DoorModeSetting | null = setting) => {
  const words = layerWords(LL, layer, at, with_)
  return { line: `${layerLine(words)}: ${words.detail}`, href: words.name?.href }
}

describe('a layer in words', () => {
  it('names the schedule, linked to its page, inside and outside its hours', () => {
    expect(
      said({ kind: 'schedule', mode: 'unlocked', schedule_id: 3, name: 'Office hours' }),
    ).toEqual({
      line: 'Unlock schedule Office hours: unlocked inside its hours',
      href: '/schedules/view/3',
    })
    expect(said({ kind: 'schedule', mode: 'locked', schedule_id: 3 }).line).toBe(
      'Unlock schedule Office hours: locked outside its hours',
    )
    expect(said({ kind: 'schedule', mode: 'locked', schedule_id: 9 }, null).line).toBe(
      'Unlock schedule Schedule 9: locked outside its hours',
    )
  })

  it('says who opened the day with first person in, or whom it waits for', () => {
    const first = { group_id: 5, opened_by: null, opened_at: null }
    expect(
      said({ kind: 'schedule', mode: 'locked', schedule_id: 3, first_person_in: first }).line,
    ).toBe('Unlock schedule Office hours: waiting for the first person in from Reception team')
    expect(
      said({
        kind: 'schedule',
        mode: 'unlocked',
        schedule_id: 3,
        first_person_in: { group_id: 5, opened_by: 42, opened_at: '2026-12-02T07:40:00Z' },
        by_email: 'ana@demo.local',
      }).line,
    ).toBe(
      'Unlock schedule Office hours: unlocked inside its hours · opened at <2026-12-02T07:40:00Z> by the first person in from Reception team: ana@demo.local',
    )
  })

  it('links a lockdown to its page', () => {
    expect(said({ kind: 'lockdown', mode: 'locked', lockdown_id: 4, name: 'Acme HQ' })).toEqual({
      line: 'Lockdown Acme HQ: locks the door above everything else',
      href: '/lockdowns/4',
    })
  })

  it("gives an override's reason, who set it and until when", () => {
    expect(
      said({
        kind: 'override',
        mode: 'unlocked',
        override_id: 8,
        until: '2026-12-02T17:00:00Z',
        name: 'Delivery',
        by_email: 'admin@demo.local',
      }),
    ).toEqual({
      line: 'Override Delivery: Unlocked until <2026-12-02T17:00:00Z> · set by admin@demo.local',
      href: undefined,
    })
    expect(
      said({ kind: 'command', mode: 'locked', override_id: 9, until: null, by_email: null }).line,
    ).toBe('Manual command: Locked by hand until another command')
  })

  it('names a snow day, an exception, and no schedule at all', () => {
    expect(said({ kind: 'snow_day', mode: 'locked', snow_day_id: 2, name: 'Blizzard' }).line).toBe(
      'Snow day Blizzard: locked by the snow day',
    )
    expect(
      said({ kind: 'exception', mode: 'locked', schedule_id: 3, exception: 'Christmas Day' }).line,
    ).toBe('Exception Christmas Day: Locked by the exception of the schedule’s calendars')
    expect(said({ kind: 'default', mode: 'locked' }, null).line).toBe('No unlock schedule: locked')
  })
})
