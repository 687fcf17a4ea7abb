import { beforeAll, describe, expect, it } from 'vitest'
import de from '../../i18n/de'
import type { TranslationFunctions } from '../../i18n/i18n-types'
import { i18nObject } from '../../i18n/i18n-util'
import { loadLocale } from '../../i18n/i18n-util.sync'
import {
  auditDetailText,
  codeWords,
  commandFailureText,
  deviceTypeName,
  errorCodeText,
} from './answer-text'
import { translationObject } from './translation-object'

beforeAll(() => {
  loadLocale('en')
  loadLocale('de')
})

const iso = (at: string) => `<${at}>`

describe('the server’s words in the user’s language', () => {
  it('names a device type by its id, and by the server’s description for a newer type', () => {
    expect(
      deviceTypeName(i18nObject('de'), { device_type_id: 'lock', description: 'Smart lock' }),
    ).toBe('Smartes Schloss')
    expect(
      deviceTypeName(i18nObject('de'), { device_type_id: 'drone', description: 'Drone' }),
    ).toBe('Drone')
  })

  it('says an audit detail by its code, with the moments formatted, else the server’s text', () => {
    const de = i18nObject('de')
    const lacking = { capability: 'remotely_unlock' }
    expect(
      auditDetailText(
        de,
        { detail: 'Device lacks …', detail_code: 'capability_missing', detail_params: lacking },
        iso,
      ),
    ).toBe('Das Gerät kann das nicht: Ihm fehlt „Fernentriegeln“.')
    const window = { start: '2026-01-01T08:00:00Z', end: '2026-12-31T18:00:00Z' }
    expect(
      auditDetailText(
        de,
        { detail: 'Valid …', detail_code: 'pin_window', detail_params: window },
        iso,
      ),
    ).toBe('Gültig von <2026-01-01T08:00:00Z> bis <2026-12-31T18:00:00Z>')
    expect(auditDetailText(de, { detail: '', detail_code: null, detail_params: {} }, iso)).toBe('')
    expect(
      auditDetailText(de, { detail: 'Jammed', detail_code: 'jammed', detail_params: {} }, iso),
    ).toBe('Jammed')
  })

  it('names who opened the day of a first-person-in unlock by e-mail, else by id', () => {
    const en = i18nObject('en')
    const opened = { layer: 'schedule', opened_by: 4, opened_by_email: 'clara@demo.local' }
    const words = (params: Record<string, string | number>) =>
      auditDetailText(en, { detail: '', detail_code: 'door_mode', detail_params: params }, iso)
    expect(words(opened)).toBe('Door mode, by the schedule: the day opened by clara@demo.local.')
    expect(words({ layer: 'schedule', opened_by: 4 })).toBe(
      'Door mode, by the schedule: the day opened by user 4.',
    )
  })

  it('words a command refusal from its code and parameters, else the server’s message', () => {
    const de = i18nObject('de')
    expect(
      commandFailureText(de, {
        error: 'capability_missing',
        message: 'Device lacks the capability remotely_lock.',
        params: { capability: 'remotely_lock' },
      }),
    ).toBe('Das Gerät unterstützt das nicht: Ihm fehlt „Fernverriegeln“.')
    expect(
      commandFailureText(de, {
        error: 'device_not_connected',
        message: 'Device is not connected.',
      }),
    ).toBe(errorCodeText(de, 'device_not_connected'))
    expect(
      commandFailureText(de, {
        error: 'forbidden',
        message: 'You do not have permission to do this.',
        rule: 'no_permission',
        params: { permissions: 'devices:update, devices:update:org' },
      }),
    ).toBe('Sie haben keine Berechtigung dafür: Es braucht devices:update, devices:update:org.')
    expect(commandFailureText(de, null)).toBeNull()
  })

  it('names the lockdown that refused an unlock: its scope, who started it and when', () => {
    const en = i18nObject('en')
    const startedAt = new Date()
    startedAt.setHours(10, 14, 0, 0)
    expect(
      commandFailureText(en, {
        error: 'conflict',
        message: 'Locked down.',
        rule: 'lockdown',
        params: {
          lockdown_id: 1,
          scope_name: 'Acme HQ',
          started_by: 'admin@demo.local',
          started_at: startedAt.toISOString(),
        },
      }),
    ).toMatch(/^Refused: lockdown of Acme HQ started by admin@demo\.local at 10:14/)
  })
})

describe('the console’s own translation object', () => {
  it('finds the same words through lib/translation-object', () => {
    const LL = translationObject<TranslationFunctions>('de', de)
    expect(codeWords(LL, 'deviceType', 'camera')).toBe('Kamera')
    expect(codeWords(LL, 'deviceType', 'name')).toBeUndefined()
  })
})
