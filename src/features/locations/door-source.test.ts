import { describe, expect, it } from 'vitest'
import en from '../../../i18n/en'
import { initFormatters } from '../../../i18n/formatters'
import type { Translations } from '../../../i18n/i18n-types'
import { i18nObject, loadedFormatters, loadedLocales } from '../../../i18n/i18n-util'
import type { Message } from '../../commands/command'
import { defaultAction, entityCommands, type EntityHit } from '../../commands/entity-source'
import type { PaletteContext } from '../../commands/registry'
import { matchVerbs } from '../../commands/verbs'
import type { Door } from '../../contract/locations'
import type { Can } from '../../contract/permissions'
import { doorSource } from './door-source'

loadedLocales.en = en as Translations
loadedFormatters.en = initFormatters('en')
const LL = i18nObject('en')
const words = (message: Message) => message(LL)

const holding =
  (held: readonly string[]): Can =>
  (anyOf) =>
    anyOf.some((p) => held.includes(p))

const door: Door = {
  door_id: 12,
  room_id: 4,
  floor_id: 2,
  location_id: 3,
  organization_id: 1,
  name: 'Ground floor Lobby door',
  description: '',
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
}

const hit: EntityHit<PaletteContext> = {
  source: doorSource,
  entity: door,
  view: doorSource.view(door),
}

const offeredTo = (can: Can) => entityCommands(hit, can, { userId: 1 })

describe('doors in the palette', () => {
  it("opens the door's location on Enter, and its audit log on the verb", () => {
    const offered = offeredTo(holding(['locations:read:org', 'devices:audits:read:org']))
    const paths: string[] = []
    expect(offered.map(({ command }) => command.label(LL))).toEqual([
      'Open its location',
      'Audit log of',
    ])
    const ctx = {
      navigate: (path: string) => paths.push(path),
      perform: (action: (typeof doorSource.actions)[number], entity: Door) =>
        void action.run(ctx, entity, { idempotencyKey: '', queryClient: undefined as never }),
    } as unknown as PaletteContext
    for (const { command } of offered) void command.run(ctx)
    expect(paths).toEqual(['/locations/view/3', '/audits?door=12'])
    expect(defaultAction(offered)?.command.label(LL)).toBe('Open its location')
  })

  it('offers no audit log without the audit permission', () => {
    const offered = offeredTo(holding(['locations:read:org']))
    expect(offered.map(({ command }) => command.label(LL))).toEqual(['Open its location'])
  })

  it('"audit log of lobby" is the verb on doors, as on devices and users, with "lobby" to find', () => {
    const match = matchVerbs(
      'audit log of lobby',
      [doorSource],
      holding(['devices:audits:read']),
      words,
    )
    expect(match?.verbs.map(({ action }) => action.id)).toEqual(['door.audits'])
    expect(match?.rest).toBe('lobby')
  })

  it('offers the unlock schedule and overrides to who may update devices, "set unlock schedule main" its verb', () => {
    const offered = offeredTo(holding(['locations:read:org', 'devices:update:org']))
    expect(offered.map(({ command }) => command.label(LL))).toEqual([
      'Open its location',
      'Set unlock schedule…',
      'Remove unlock schedule',
      'Unlock until…',
      'Keep locked until…',
      'End override on',
    ])
    const match = matchVerbs(
      'set unlock schedule main',
      [doorSource],
      holding(['devices:update']),
      words,
    )
    expect(match?.verbs.map(({ action }) => action.id)).toEqual(['door.set-unlock-schedule'])
    expect(match?.rest).toBe('main')
  })
})
