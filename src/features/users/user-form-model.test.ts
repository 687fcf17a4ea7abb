import { describe, expect, it } from 'vitest'
import { validate } from 'superstruct'
import { allPermissions } from '../../contract/permissions'
import { problemOfFailure } from '../../contract/rules'
import {
  emptyValues,
  grantableRoles,
  grantMatrix,
  groupByResource,
  lockdownGroup as lockdown,
  recordsGroup as records,
  userForm,
} from './user-form-model'

const orgAdmin = allPermissions.filter((p) => p.endsWith(':org'))
const admin = allPermissions.filter((p) => !p.endsWith(':org'))
const roles = [
  { role: 'admin', permissions: admin },
  { role: 'org_admin', permissions: orgAdmin },
  { role: 'auditor', permissions: ['devices:audits:read:org'] },
]

function problems(values: typeof emptyValues) {
  const [error] = validate(userForm.prepare?.(values), userForm.struct)
  const pairs = (error?.failures() ?? []).map((f): [string, string] => [
    String(f.path[0]),
    problemOfFailure(f).message,
  ])
  return Object.fromEntries(pairs)
}

describe('user form model', () => {
  it('gives an empty form its validation messages, organization and permissions included', () => {
    expect(problems(emptyValues)).toMatchObject({
      username: 'Username is required.',
      email: 'The email field is required.',
      organization_id: 'Organization is required.',
      roles: 'At least one role is required.',
      permissions: 'At least one permission is required.',
    })
  })

  it('accepts a filled form: empty title and phone become null, text is trimmed', () => {
    const values = {
      ...emptyValues,
      username: ' erika ',
      email: 'erika@acme.example',
      organization_id: '1',
      roles: ['auditor'],
      permissions: ['devices:audits:read:org'],
    }
    const [error, input] = validate(userForm.prepare?.(values), userForm.struct)
    expect(error).toBeUndefined()
    expect(input).toMatchObject({
      username: 'erika',
      title: null,
      phone_number: null,
      organization_id: 1,
    })
  })

  it('offers an org admin only the roles and :org cells it covers', () => {
    expect(grantableRoles(orgAdmin, roles).map((r) => r.role)).toEqual(['org_admin', 'auditor'])
    const matrix = grantMatrix(orgAdmin, records)
    expect(matrix.columns.map((c) => c.key)).toEqual(['read-org', 'create-org', 'update-org'])
    expect(matrix.cellValue('users', 'update-org')).toBe('users:update:org')
    expect(matrix.cellValue('users', 'update-all')).toBeNull()
    // The audit log is read-only: it has no create or update box.
    expect(matrix.cellValue('devices:audits', 'create-org')).toBeNull()
  })

  it('offers a global admin both scopes, since a global permission covers its :org form', () => {
    const matrix = grantMatrix(admin, records)
    expect(matrix.columns).toHaveLength(6)
    expect(matrix.cellValue('locations', 'read-org')).toBe('locations:read:org')
    expect(grantableRoles(admin, roles).map((r) => r.role)).toEqual([
      'admin',
      'org_admin',
      'auditor',
    ])
  })

  it('gives the lockdown its own rights, not empty columns on every row', () => {
    expect(records.resources).not.toContain('lockdown')
    expect(lockdown.resources).toEqual(['lockdown'])
    const matrix = grantMatrix(['lockdown:start:org', 'lockdown:release:org'], lockdown)
    expect(matrix.columns.map((c) => c.key)).toEqual(['start-org', 'release-org'])
    expect(matrix.cellValue('lockdown', 'start-org')).toBe('lockdown:start:org')
    expect(matrix.cellValue('users', 'start-org')).toBeNull()
    expect(grantMatrix(admin, lockdown).columns).toHaveLength(6)
    expect(grantMatrix(['users:read:org'], lockdown).columns).toEqual([])
  })

  it('groups effective permissions by resource, keeping devices and the audit log apart', () => {
    expect(
      groupByResource([
        'devices:read:org',
        'devices:audits:read:org',
        'users:read',
        'users:update',
        'lockdown:release:org',
      ]),
    ).toEqual([
      ['users', ['users:read', 'users:update']],
      ['devices', ['devices:read:org']],
      ['devices:audits', ['devices:audits:read:org']],
      ['lockdown', ['lockdown:release:org']],
    ])
  })
})
