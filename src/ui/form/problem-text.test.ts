import { validate, type Struct } from 'superstruct'
import { beforeAll, describe, expect, it } from 'vitest'
import { i18nObject } from '../../../i18n/i18n-util'
import { loadLocale } from '../../../i18n/i18n-util.sync'
import { CredentialInput } from '../../contract/credentials'
import { Email, Password } from '../../contract/fields'
import { OrganizationInput } from '../../contract/organizations'
import { problemOfFailure, ruleCodes } from '../../contract/rules'
import { problemText } from './problem-text'

beforeAll(() => {
  loadLocale('en')
  loadLocale('de')
})

const en = () => i18nObject('en')
const de = () => i18nObject('de')

/** The first failure of a value as the console words it. */
function say<T, S>(value: unknown, struct: Struct<T, S>, LL = en()) {
  const [error] = validate(value, struct)
  const failure = error?.failures()[0]
  if (!failure) throw new Error('expected a failure')
  return problemText(LL, problemOfFailure(failure))
}

describe('problemText', () => {
  it('says the product’s fixed sentences in English, by rule and not by reading the message', () => {
    expect(say({ name: ' ', client_ids: ['a'] }, OrganizationInput)).toBe('Name is required.')
    expect(say({ name: 'A', client_ids: [] }, OrganizationInput)).toBe(
      'Please provide at least one client.',
    )
    expect(say({ name: 'A', client_ids: ['a', 'a'] }, OrganizationInput)).toBe(
      'Client already exists!',
    )
    expect(say('nope', Email)).toBe('Please enter valid email address.')
    expect(say('short', Password)).toBe('Password must be at least 8 characters.')
  })

  it('says the same failures in German', () => {
    expect(say({ name: 'x'.repeat(201), client_ids: ['a'] }, OrganizationInput, de())).toBe(
      'Höchstens 200 Zeichen.',
    )
    expect(say('', Email, de())).toBe('Das E-Mail-Feld ist erforderlich.')
  })

  it('words a cross-field rule of the credential contract', () => {
    const credential = {
      user_id: 1,
      assignment_type: 'door',
      assignment_id: 2,
      start_datetime: '2026-01-02T08:00:00Z',
      end_datetime: '2026-01-01T08:00:00Z',
    }
    expect(say(credential, CredentialInput)).toBe('The end must be after the start.')
    expect(say(credential, CredentialInput, de())).toBe('Das Ende muss nach dem Beginn liegen.')
  })

  it('names the missing target of a credential by what it is for', () => {
    const credential = { user_id: 1, start_datetime: '2026-01-02T08:00:00Z', permanent: true }
    const missing = (assignment_type: string, LL = en()) =>
      say({ ...credential, assignment_type }, CredentialInput, LL)
    expect(missing('device')).toBe('Device is required.')
    expect(missing('door')).toBe('Door is required.')
    expect(missing('location')).toBe('Location is required.')
    expect(missing('device', de())).toBe('Gerät ist erforderlich.')
    expect(missing('door', de())).toBe('Tür ist erforderlich.')
    expect(missing('location', de())).toBe('Standort ist erforderlich.')
  })

  it('says what holds a device the server refuses to delete, counted, in both languages', () => {
    const held = (count: number) => ({
      rule: 'in_use' as const,
      params: { subject: 'device', count },
    })
    expect(problemText(en(), held(1))).toBe(
      '1 credential still grants access through this device. Delete it or move it to a door or location first.',
    )
    expect(problemText(en(), held(3))).toMatch(/^3 credentials still grant access/)
    expect(problemText(de(), held(2))).toMatch(/^2 Zugangsberechtigungen geben noch/)
  })

  it('says a group is still named by access rules, counted when the server counts them', () => {
    const inUse = (params: Record<string, string | number>, LL = en()) =>
      problemText(LL, { rule: 'in_use', params: { subject: 'group', ...params } })
    expect(inUse({ rules: 2 })).toBe(
      '2 access rules still name this group. Take it out of them first.',
    )
    expect(inUse({ rules: 1 }, de())).toMatch(/^1 Zutrittsregel nennt diese Gruppe noch\. /)
    expect(inUse({})).toBe('Access rules still name this group. Take it out of them first.')
  })

  it('has words for every rule in both languages', () => {
    for (const rule of ruleCodes) {
      for (const LL of [en(), de()]) {
        expect(problemText(LL, { rule, params: { max: 3, subject: 'x' } })).toMatch(/\S/)
      }
    }
  })

  it('uses the subject of a taken value or an object still in use', () => {
    expect(problemText(en(), { rule: 'taken', params: { subject: 'email' } })).toBe(
      'This email is already taken.',
    )
    expect(problemText(en(), { rule: 'in_use', params: { subject: 'organization' } })).toBe(
      'The organization still has users, locations, devices, groups, schedules, calendars or access rules. Move or delete them first.',
    )
  })

  it('says what still holds a location, floor, room or door, counted by the server', () => {
    const inUse = (subject: string, devices: number, credentials: number, LL = en()) =>
      problemText(LL, { rule: 'in_use', params: { subject, devices, credentials } })
    expect(inUse('floor', 3, 2)).toBe(
      'This floor still holds 3 devices and 2 credentials. Nothing was deleted: move or delete them first.',
    )
    expect(inUse('location', 1, 0)).toMatch(/^This location still holds 1 device\. /)
    expect(inUse('door', 0, 1)).toMatch(/^This door still holds 1 credential\. /)
    expect(inUse('room', 2, 0, de())).toMatch(/^Dieser Raum enthält noch 2 Geräte\. /)
    expect(inUse('location_move', 0, 4)).toMatch(/moves to another organization only without/)
    expect(inUse('door', 1, 1, de())).toMatch(/1 Gerät und 1 Zugangsberechtigung\. /)
  })
  it('names a lockdown refusal’s scope, who started it and when, in the reader’s clock', () => {
    const startedAt = new Date()
    startedAt.setHours(10, 14, 0, 0)
    const params = {
      lockdown_id: 3,
      scope_name: 'Acme HQ',
      started_by: 'admin@demo.local',
      started_at: startedAt.toISOString(),
    }
    expect(problemText(en(), { rule: 'lockdown', params })).toBe(
      'Refused: lockdown of Acme HQ started by admin@demo.local at 10:14 AM.',
    )
    expect(problemText(de(), { rule: 'lockdown', params })).toBe(
      'Verweigert: Sperrung von Acme HQ, ausgelöst von admin@demo.local um 10:14.',
    )
    expect(problemText(en(), { rule: 'second_person_required', params: {} })).toMatch(
      /second person/,
    )
  })
})
