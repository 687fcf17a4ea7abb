import { describe, expect, it } from 'vitest'
import { ErrorBody } from '../../src/contract/errors'
import { listOf } from '../../src/contract/list'
import { Organization } from '../../src/contract/organizations'
import { Me } from '../../src/contract/users'
import { ADMIN, ORGADMIN, STAFF, shaped, useServer } from './helpers'

const server = useServer()
const OrganizationPage = listOf(Organization)

async function me(token: string) {
  return shaped((await server().request('GET', '/org/v1/users/me', { token })).body, Me)
}

describe('organizations', () => {
  it('lists all for the admin and only the own one for org-scoped readers', async () => {
    const admin = await server().login(ADMIN)
    const all = shaped(
      (await server().request('GET', '/org/v1/organizations', { token: admin })).body,
      OrganizationPage,
    )
    expect(all.data.map((o) => o.name)).toEqual(['Globex', 'Acme'])
    const staff = await server().login(STAFF)
    const own = shaped(
      (await server().request('GET', '/org/v1/organizations', { token: staff })).body,
      OrganizationPage,
    )
    expect(own.data.map((o) => o.name)).toEqual(['Acme'])
    const globex = all.data.find((o) => o.name === 'Globex')
    expect(
      (
        await server().request('GET', `/org/v1/organizations/${globex?.organization_id}`, {
          token: staff,
        })
      ).status,
    ).toBe(404)
    const sorted = shaped(
      (
        await server().request('GET', '/org/v1/organizations?order_by=name&order_direction=asc', {
          token: admin,
        })
      ).body,
      OrganizationPage,
    )
    expect(sorted.data.map((o) => o.name)).toEqual(['Acme', 'Globex'])
  })

  it('creates, updates and deletes an organization; clients are unique', async () => {
    const token = await server().login(ADMIN)
    const created = await server().request('POST', '/org/v1/organizations', {
      token,
      json: { name: 'Initech', description: 'Software', client_ids: ['initech-web'] },
    })
    expect(created.status).toBe(201)
    const org = shaped(created.body, Organization)
    expect(org.client_ids).toEqual(['initech-web'])
    const fetched = await server().request('GET', `/org/v1/organizations/${org.organization_id}`, {
      token,
    })
    expect(shaped(fetched.body, Organization)).toEqual(org)

    const taken = await server().request('PUT', `/org/v1/organizations/${org.organization_id}`, {
      token,
      json: { client_ids: ['initech-web', 'acme-web'] },
    })
    expect(taken.status).toBe(409)
    expect(taken.body).toEqual({
      error: 'conflict',
      message: 'Client already exists!',
      field: 'client_ids',
      rule: 'taken',
      params: { subject: 'client' },
    })
    const dup = await server().request('PUT', `/org/v1/organizations/${org.organization_id}`, {
      token,
      json: { client_ids: ['a', 'a'] },
    })
    expect(shaped(dup.body, ErrorBody)).toMatchObject({
      message: 'Client already exists!',
      rule: 'client_exists',
    })
    const none = await server().request('POST', '/org/v1/organizations', {
      token,
      json: { name: 'Empty', client_ids: [] },
    })
    expect(shaped(none.body, ErrorBody)).toMatchObject({
      message: 'Please provide at least one client.',
      field: 'client_ids',
      rule: 'required',
      params: { subject: 'clients' },
    })

    const renamed = await server().request('PUT', `/org/v1/organizations/${org.organization_id}`, {
      token,
      json: { name: 'Initech GmbH' },
    })
    expect(shaped(renamed.body, Organization).name).toBe('Initech GmbH')
    expect(
      (await server().request('DELETE', `/org/v1/organizations/${org.organization_id}`, { token }))
        .status,
    ).toBe(204)
  })

  it('names the broken rule and its parameters in every 400', async () => {
    const token = await server().login(ADMIN)
    const post = async (json: unknown) =>
      shaped(
        (await server().request('POST', '/org/v1/organizations', { token, json })).body,
        ErrorBody,
      )
    expect(await post({ name: 'x'.repeat(201), client_ids: ['a'] })).toEqual({
      error: 'validation',
      message: 'At most 200 characters.',
      field: 'name',
      rule: 'too_long',
      params: { max: 200 },
    })
    expect(await post({ name: ' ', client_ids: ['a'] })).toMatchObject({
      field: 'name',
      rule: 'required',
      params: { subject: 'name' },
      message: 'Name is required.',
    })
    expect(
      await post({ name: 'A', client_ids: Array.from({ length: 51 }, (_, i) => `c${i}`) }),
    ).toMatchObject({
      field: 'client_ids',
      rule: 'too_many',
      params: { max: 50, subject: 'clients' },
    })
    expect(await post({ name: 'A', client_ids: ['has space'] })).toMatchObject({
      field: 'client_ids.0',
      rule: 'client_id_invalid',
    })
    expect(await post({ name: 'A', client_ids: ['a'], colour: 'red' })).toMatchObject({
      field: 'colour',
      rule: 'unknown_field',
      message: 'Unknown field.',
    })
    expect(await post({ name: 42, client_ids: ['a'] })).toMatchObject({
      field: 'name',
      rule: 'required',
    })
    expect(await post({ name: 'A', description: 7, client_ids: ['a'] })).toMatchObject({
      field: 'description',
      rule: 'invalid',
    })
  })

  it('refuses to delete a non-empty organization and org-scoped creation', async () => {
    const admin = await server().login(ADMIN)
    const acme = await me(admin)
    const refused = await server().request(
      'DELETE',
      `/org/v1/organizations/${acme.organization_id}`,
      { token: admin },
    )
    expect(refused.status).toBe(409)
    expect(refused.body).toEqual({
      error: 'conflict',
      message:
        'The organization still has users, locations, devices, groups, schedules, calendars or rules.',
      rule: 'in_use',
      params: { subject: 'organization' },
    })
    const orgadmin = await server().login(ORGADMIN)
    const create = await server().request('POST', '/org/v1/organizations', {
      token: orgadmin,
      json: { name: 'Mine', client_ids: ['mine'] },
    })
    expect(create.status).toBe(403)
    const own = await server().request('PUT', `/org/v1/organizations/${acme.organization_id}`, {
      token: orgadmin,
      json: { description: 'Edited by its org admin' },
    })
    expect(own.status).toBe(200)
  })
})

describe('without a built console', () => {
  it('answers client routes with 503 and a hint, but keeps the API and health up', async () => {
    const page = await server().request('GET', '/organizations')
    expect(page.status).toBe(503)
    expect(page.body).toBe('Console not built: run npm run build')
    expect((await server().request('GET', '/health')).body).toEqual({ status: 'ok' })
  })
})
