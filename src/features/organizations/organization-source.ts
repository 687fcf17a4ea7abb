import { fetchOrganizationPage } from '../../api/organizations'
import type { EntitySource } from '../../commands/entity-source'
import { listSearch } from '../../commands/entity-search'
import type { PaletteContext } from '../../commands/registry'
import type { Organization } from '../../contract/organizations'
import { needs } from '../../contract/permissions'
import { pathTo } from '../../contract/pages'

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
  actions: [
    {
      id: 'organization.edit',
      opensItsPage: true,
      label: (LL) => LL.commands.organizations.edit(),
      needs: { anyOf: needs('organizations', 'update') },
      run: (ctx, organization) =>
        ctx.navigate(pathTo('organizations-edit', { id: organization.organization_id })),
    },
    {
      id: 'organization.show-in-list',
      label: (LL) => LL.commands.organizations.showInList(),
      needs: {},
      run: (ctx, organization) =>
        ctx.navigate(pathTo('organizations', { search: organization.name })),
    },
  ],
}
