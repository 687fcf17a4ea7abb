import { describe, expect, it } from 'vitest'
import { defaultAction, entityCommands, type EntityHit } from '../../commands/entity-source'
import type { PaletteContext } from '../../commands/registry'
import type { Credential } from '../../contract/credentials'
import { needs } from '../../contract/permissions'
import { deleteCredentialAction, offlineCodeAction } from './credential-actions'
import { credentialSource } from './credential-source'

const credential = (pin: string | null): Credential => ({
  credential_id: 7,
  organization_id: 1,
  user_id: 3,
  user_email: 'ann@acme.example',
  assignment_id: 9,
  assignment_type: 'device',
  assignment_name: 'Keypad – Door 3',
  assignment_location_id: 2,
  start_datetime: '2026-12-01T08:00:00.000Z',
  end_datetime: '2026-12-31T18:00:00.000Z',
  exclusive: false,
  permanent: false,
  repetition: null,
  meta_data: { command_output: { pin } },
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
})

function offeredFor(pin: string | null, permissions: string[]) {
  const entity = credential(pin)
  const hit = {
    source: credentialSource,
    entity,
    view: credentialSource.view(entity),
  } as EntityHit<PaletteContext>
  const can = (anyOf: readonly string[]) => anyOf.some((p) => permissions.includes(p))
  return entityCommands(hit, can)
}

const idOf = (offered: { command: { id: string } }) => offered.command.id.split(':').at(-1)

const actionIds = (pin: string | null, permissions: string[]) =>
  offeredFor(pin, permissions).map(idOf)

describe('the credential palette source', () => {
  it('offers Show code and Reissue when a PIN is held, and Generate when none is', () => {
    const all = ['credentials:read', 'credentials:update', 'credentials:delete']
    expect(actionIds('123456', all)).toEqual([
      'credential.edit',
      'credential.show-code',
      'credential.reissue-code',
      'credential.delete',
    ])
    expect(actionIds(null, all)).toEqual([
      'credential.edit',
      'credential.generate-code',
      'credential.delete',
    ])
  })

  it('opens the credential on Enter and never shows a held PIN by default', () => {
    const all = ['credentials:read', 'credentials:update', 'credentials:delete']
    const enter = defaultAction(offeredFor('123456', all))
    expect(enter === undefined ? null : idOf(enter)).toBe('credential.edit')
    // A reader may show the code by name, but Enter opens the action page instead (no default).
    expect(defaultAction(offeredFor('123456', ['credentials:read:org']))).toBeUndefined()
  })

  it('offers a reader only the code it may see, and never puts the PIN in a hit', () => {
    expect(actionIds('123456', ['credentials:read:org'])).toEqual(['credential.show-code'])
    expect(actionIds(null, ['credentials:read:org'])).toEqual([])
    expect(JSON.stringify(credentialSource.view(credential('123456')))).not.toContain('123456')
  })

  it('opens the code and the delete where the person is, through the host, not by a URL', () => {
    const all = ['credentials:read', 'credentials:update', 'credentials:delete']
    const performed: string[] = []
    const navigated: string[] = []
    const ctx = {
      navigate: (path: string) => navigated.push(path),
      perform: (action: { id: string }) => performed.push(action.id),
    } as unknown as PaletteContext
    for (const { command } of offeredFor(null, all).slice(1)) void command.run(ctx)
    expect(performed).toEqual(['credential.generate-code', 'credential.delete'])
    expect(navigated).toEqual([])
    // The pages' "Offline code" opens the same dialog for a reader, who learns there why not.
    for (const action of [offlineCodeAction, deleteCredentialAction])
      expect(action.dialog !== undefined).toBe(true)
    expect(offlineCodeAction.needs.anyOf).toEqual(needs('credentials', 'read'))
  })
})
