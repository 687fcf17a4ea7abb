import { describe, expect, it } from 'vitest'
import en from '../../../i18n/en'
import { initFormatters } from '../../../i18n/formatters'
import type { Translations } from '../../../i18n/i18n-types'
import { i18nObject, loadedFormatters, loadedLocales } from '../../../i18n/i18n-util'
import { defaultAction, entityCommands, type EntityHit } from '../../commands/entity-source'
import type { PaletteContext } from '../../commands/registry'
import { allPermissions, type Can } from '../../contract/permissions'
import type { User } from '../../contract/users'
import { userSource } from './user-source'

loadedLocales.en = en as Translations
loadedFormatters.en = initFormatters('en')
const LL = i18nObject('en')

const holding =
  (held: readonly string[]): Can =>
  (anyOf) =>
    anyOf.some((p) => held.includes(p))

const orgAdmin = holding(allPermissions.filter((p) => p.endsWith(':org')))
const admin = holding(allPermissions.filter((p) => !p.endsWith(':org')))
const staff = holding(['users:read:org'])

const user = (changes: Partial<User>): User => ({
  user_id: 7,
  username: 'erika',
  email: 'erika@acme.example',
  title: 'Ms.',
  first_name: 'Erika',
  last_name: 'Muster',
  phone_number: null,
  notes: '',
  roles: ['staff'],
  permissions: ['users:read:org'],
  effective_permissions: ['users:read:org'],
  organization_id: 1,
  organization_name: 'Acme',
  client_ids: [],
  disabled: false,
  email_confirmed: false,
  phone_confirmed: false,
  email_withdrawn_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...changes,
})

const hitOf = (target: User): EntityHit<PaletteContext> => ({
  source: userSource,
  entity: target,
  view: userSource.view(target),
})

function offered(target: User, can: Can, viewerId = 1) {
  const hit = hitOf(target)
  return Object.fromEntries(
    entityCommands(hit, can, { userId: viewerId }).map(({ command, availability }) => [
      command.label(LL),
      availability.state === 'disabled' ? availability.reason(LL) : availability.state,
    ]),
  )
}

describe('users in the palette', () => {
  it('offers staff only what it may ever do: viewing', () => {
    expect(offered(user({}), staff)).toEqual({ 'View user': 'enabled' })
  })

  it('disables SMS without a phone number and says why', () => {
    expect(offered(user({}), orgAdmin)).toEqual({
      'View user': 'enabled',
      'Edit user': 'enabled',
      'Invite by e-mail': 'enabled',
      'Invite by SMS': 'No phone number: add one to invite by SMS.',
      'Disable user': 'enabled',
      'Delete user': 'enabled',
      'Offboard user': 'enabled',
      'Add to group…': 'enabled',
      'Remove from group…': 'enabled',
      'Make PIN': 'enabled',
      'Where can … go': 'enabled',
      'Audit log of': 'enabled',
    })
    expect(offered(user({ phone_number: '+49 30 1234567' }), orgAdmin)['Invite by SMS']).toBe(
      'enabled',
    )
  })

  it('disables managing a user who holds more than the caller, and a global grant covers :org', () => {
    const globalAdmin = user({ effective_permissions: ['users:update', 'users:read'] })
    expect(offered(globalAdmin, orgAdmin)['Edit user']).toBe(
      'This user has permissions you do not hold.',
    )
    expect(offered(user({}), admin)['Edit user']).toBe('enabled')
  })

  it('offers enable on a disabled user and disable on an enabled one', () => {
    expect(offered(user({ disabled: true }), orgAdmin)).toMatchObject({ 'Enable user': 'enabled' })
    expect(offered(user({ disabled: true }), orgAdmin)).not.toHaveProperty('Disable user')
    expect(offered(user({}), orgAdmin)).not.toHaveProperty('Enable user')
  })

  it('refuses disabling, deleting or offboarding your own account, with the reason', () => {
    const own = offered(user({}), orgAdmin, 7)
    expect(own['Disable user']).toBe('You cannot disable your own account.')
    expect(own['Delete user']).toBe('You cannot delete your own account.')
    expect(own['Offboard user']).toBe('You cannot offboard your own account.')
    expect(own['Edit user']).toBe('enabled')
  })

  it('never makes a PIN on Enter: it is chosen by name', () => {
    const commands = entityCommands(hitOf(user({})), orgAdmin, { userId: 1 })
    expect(defaultAction(commands)?.command.label(LL)).toBe('View user')
    const pin = commands.filter(({ command }) => command.label(LL) === 'Make PIN')
    expect(pin.map((entry) => entry.reveals)).toEqual([true])
    expect(defaultAction(pin)).toBeUndefined()
  })
})
