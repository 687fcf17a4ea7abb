import { useLocation } from 'wouter'
import type { Action, ActionDialogProps } from '../../commands/command'
import type { PaletteContext } from '../../commands/registry'
import type { Organization } from '../../contract/organizations'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { DeleteOrganizationDialog } from './delete-organization-dialog'

// Every verb on an organization, declared once (decision 063): the palette's verbs, the list's row
// button and Delete key, and the edit page's button all read these.

export type OrganizationAction = Action<Organization, PaletteContext>

const id = (organization: Organization) => organization.organization_id

/** Deleted from its own edit page, the person goes back to the list; elsewhere they stay. */
function DeleteOrganization({ entity, onClose }: ActionDialogProps<Organization>) {
  const [path, navigate] = useLocation()
  return (
    <DeleteOrganizationDialog
      organization={entity}
      onClose={onClose}
      onDeleted={() => {
        if (path === pathTo('organizations-edit', { id: id(entity) }))
          navigate(listPlacePath(pathTo('organizations')))
      }}
    />
  )
}

export const deleteOrganizationAction: OrganizationAction = {
  id: 'organization.delete',
  label: (LL) => LL.commands.organizations.delete(),
  needs: { anyOf: needs('organizations', 'delete') },
  tone: 'danger',
  dialog: (props) => <DeleteOrganization {...props} />,
  run: () => undefined,
}

export const organizationActions: readonly OrganizationAction[] = [
  {
    id: 'organization.edit',
    opensItsPage: true,
    label: (LL) => LL.commands.organizations.edit(),
    needs: { anyOf: needs('organizations', 'update') },
    run: (ctx, organization) =>
      ctx.navigate(pathTo('organizations-edit', { id: id(organization) })),
  },
  {
    id: 'organization.show-in-list',
    label: (LL) => LL.commands.organizations.showInList(),
    needs: {},
    run: (ctx, organization) =>
      ctx.navigate(pathTo('organizations', { search: organization.name })),
  },
  deleteOrganizationAction,
]
