import { fetchOrganizationPage } from '../../api/organizations'
import type { EntitySource } from '../../commands/entity-source'
import { listSearch } from '../../commands/entity-search'
import type { PaletteContext } from '../../commands/registry'
import type { Organization } from '../../contract/organizations'
import { needs } from '../../contract/permissions'
import { organizationActions } from './organization-actions'

/**
 * Organizations in the palette: the list call's `search` (the same query the organizations list
 * uses), ordered by name so equal matches read alphabetically. Enter edits the organization when
 * the user may; otherwise it shows it in the list, which every reader may open.
 */
export const organizationSource: EntitySource<Organization, PaletteContext> = {
  kind: 'organizations',
  heading: (LL) => LL.commands.organizations.heading(),
  needs: { anyOf: needs('organizations', 'read') },
  search: listSearch(fetchOrganizationPage, { order_by: 'name', order_direction: 'asc' }),
  view: (organization) => ({
    id: String(organization.organization_id),
    title: organization.name,
    ...(organization.description === '' ? {} : { subtitle: organization.description }),
  }),
  actions: organizationActions,
}
