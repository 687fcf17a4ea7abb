import {
  OrganizationInput,
  OrganizationListQuery,
  OrganizationUpdate,
  organizationSortKeys,
  type Organization,
} from '../../src/contract/organizations'
import { allows } from '../../src/contract/permissions'
import type { App, Services } from '../context'
import type { Queryable } from '../db/database'
import { byName, changeRow, writeJournal } from '../db/journal'
import { lockRow } from '../db/locks'
import { conflict, HttpError } from '../http/errors'
import { journalSource } from '../http/journal-source'
import { listPage, type ListSpec } from '../http/list'
import { requireDatabaseZone } from '../http/time-zone'
import { ensureInScope, orgLimit, requireScope } from '../http/scope'
import { idParam, jsonBody, query } from '../http/validate'

const select = `o.organization_id, o.name, o.description,
  array(select client_id from organization_clients c
        where c.organization_id = o.organization_id order by c.position) as client_ids,
  o.time_zone, o.created_at, o.updated_at`

async function findOrganization(q: Queryable, id: number) {
  const [row] = await q.query<Organization>(
    `select ${select} from organizations o where o.organization_id = $1`,
    [id],
  )
  return row
}

/**
 * Replaces the organization's clients. A client held by another organization is refused by the
 * primary key of organization_clients: 409 "Client already exists!" (server/http/constraints.ts).
 */
async function setClients(q: Queryable, organizationId: number, clientIds: string[]) {
  await q.query('delete from organization_clients where organization_id = $1', [organizationId])
  for (const [position, clientId] of clientIds.entries()) {
    await q.query(
      'insert into organization_clients (client_id, organization_id, position) values ($1, $2, $3)',
      [clientId, organizationId, position],
    )
  }
  // Users keep only clients their organization still has.
  await q.query(
    `update users set client_ids = array(select unnest(client_ids) intersect select unnest($2::text[]))
     where organization_id = $1 and not (client_ids <@ $2::text[])`,
    [organizationId, clientIds],
  )
}

const sortColumns: Record<(typeof organizationSortKeys)[number], string> = {
  organization_id: 'o.organization_id',
  name: 'lower(o.name)',
  created_at: 'o.created_at',
}

/** The organizations list of every organization (limit null) or the reader's own. */
export const organizationListSpec = (
  limit: number | null,
): ListSpec<(typeof organizationSortKeys)[number]> => ({
  select,
  from: 'organizations o',
  where: limit === null ? [] : ['o.organization_id = $1'],
  params: limit === null ? [] : [limit],
  searchColumns: ['o.name', 'o.description'],
  sortColumns,
  tiebreak: 'o.organization_id',
  indexedSearch: true,
})

export function registerOrganizations(app: App, s: Services) {
  app.get('/org/v1/organizations', async (c) => {
    const p = c.get('principal')
    const limit = orgLimit(requireScope(p, 'organizations', 'read'), p)
    return c.json(
      await listPage(s.db, organizationListSpec(limit), query(c, OrganizationListQuery)),
    )
  })

  app.get('/org/v1/organizations/:id', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'organizations', 'read')
    return c.json(ensureInScope(scope, p, await findOrganization(s.db, idParam(c)), 'Organization'))
  })

  app.post('/org/v1/organizations', async (c) => {
    const p = c.get('principal')
    if (!allows(p.permissions, 'organizations', 'create')) {
      throw new HttpError(403, 'forbidden', 'Only global administrators can create organizations.')
    }
    const input = await jsonBody(c, OrganizationInput)
    const id = await s.db.tx(async (q) => {
      const zone = input.time_zone ?? 'UTC'
      await requireDatabaseZone(q, zone)
      const [row] = await q.query<{ organization_id: number }>(
        `insert into organizations (name, description, time_zone) values ($1, $2, $3)
         returning organization_id`,
        [input.name.trim(), input.description ?? '', zone],
      )
      const organizationId = row?.organization_id ?? 0
      await setClients(q, organizationId, input.client_ids)
      const created = await findOrganization(q, organizationId)
      await writeJournal(
        q,
        journalSource(c),
        changeRow('organization', organizationId, null, created ?? null, byName),
      )
      return organizationId
    })
    return c.json(await findOrganization(s.db, id), 201)
  })

  app.put('/org/v1/organizations/:id', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'organizations', 'update')
    const id = idParam(c)
    const patch = await jsonBody(c, OrganizationUpdate)
    // Answered from inside the transaction, so a DELETE committing right after cannot empty it.
    const updated = await s.db.tx(async (q) => {
      // One writer per organization: two client lists replacing each other would clash on the key.
      await lockRow(q, 'organizations', id, 'update')
      const org = ensureInScope(scope, p, await findOrganization(q, id), 'Organization')
      if (patch.time_zone !== undefined) await requireDatabaseZone(q, patch.time_zone)
      await q.query(
        `update organizations set name = $2, description = $3, time_zone = $4, updated_at = now()
         where organization_id = $1`,
        [
          id,
          (patch.name ?? org.name).trim(),
          patch.description ?? org.description,
          patch.time_zone ?? org.time_zone,
        ],
      )
      if (patch.client_ids) await setClients(q, id, patch.client_ids)
      const after = await findOrganization(q, id)
      await writeJournal(
        q,
        journalSource(c),
        changeRow('organization', id, org, after ?? null, byName),
      )
      return after
    })
    // Every caller of this organization carries its name (GET /org/v1/users/me).
    s.principals.forgetAll()
    return c.json(updated)
  })

  app.delete('/org/v1/organizations/:id', async (c) => {
    const p = c.get('principal')
    const scope = requireScope(p, 'organizations', 'delete')
    const id = idParam(c)
    await s.db.tx(async (q) => {
      // Locked first: a second DELETE finds it gone (404), and a user, location or device being
      // added (its foreign key holds this row in key share) is counted below or refused after.
      await lockRow(q, 'organizations', id, 'update')
      const org = ensureInScope(scope, p, await findOrganization(q, id), 'Organization')
      const [used] = await q.query<{ n: number }>(
        `select (select count(*) from users where organization_id = $1)
              + (select count(*) from locations where organization_id = $1)
              + (select count(*) from devices where organization_id = $1)
              + (select count(*) from access_groups where organization_id = $1)
              + (select count(*) from schedules where organization_id = $1)
              + (select count(*) from calendars where organization_id = $1)
              + (select count(*) from access_rules where organization_id = $1) as n`,
        [id],
      )
      if ((used?.n ?? 0) > 0) {
        throw conflict(
          'The organization still has users, locations, devices, groups, schedules, calendars or rules.',
          undefined,
          'in_use',
          { subject: 'organization' },
        )
      }
      await q.query('delete from organizations where organization_id = $1', [id])
      await writeJournal(q, journalSource(c), changeRow('organization', id, org, null, byName))
    })
    return c.body(null, 204)
  })
}
