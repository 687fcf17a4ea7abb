import { useMemo, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import {
  fetchOrganizationPage,
  organizationKeys,
  type OrganizationSort,
} from '../../api/organizations'
import { useSession } from '../../app/session/session-context'
import type { Organization } from '../../contract/organizations'
import { needs } from '../../contract/permissions'
import { buttonClass } from '../../ui/button'
import { DataTable } from '../../ui/data-table/data-table'
import { errorText } from '../../ui/data-table/error-text'
import type { ListViewDefaults } from '../../ui/data-table/list-view'
import { Page } from '../../ui/page'
import type { ListSource } from '../../ui/data-table/use-windowed-rows'
import { DeleteOrganizationDialog } from './delete-organization-dialog'
import { editPath, organizationColumns } from './organization-columns'

const source: ListSource<Organization, OrganizationSort> = {
  queryKey: organizationKeys.list,
  fetch: fetchOrganizationPage,
}

const defaults: ListViewDefaults<OrganizationSort> = {
  orderBy: 'organization_id',
  orderDirection: 'desc',
  sortable: ['organization_id', 'name', 'created_at'],
}

const getRowId = (organization: Organization) => String(organization.organization_id)

/** /organizations: every organization the user may read (global) or their own (:org). */
export function OrganizationsScreen() {
  const { LL, locale } = useI18nContext()
  const { can } = useSession()
  const [, navigate] = useLocation()
  const [deleting, setDeleting] = useState<Organization | null>(null)
  const canCreate = can(needs('organizations', 'create'))
  const canUpdate = can(needs('organizations', 'update'))
  const canDelete = can(needs('organizations', 'delete'))
  const date = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), [locale])
  const columns = useMemo(
    () => organizationColumns({ LL, date, canUpdate, canDelete, onDelete: setDeleting }),
    [LL, date, canUpdate, canDelete],
  )
  const describeRow = (organization: Organization) =>
    LL.organizations.row({
      name: organization.name,
      clients: LL.organizations.clientCount({ count: organization.client_ids.length }),
    })

  return (
    <Page
      title={LL.organizations.title()}
      actions={
        canCreate ? (
          <Link className={buttonClass()} href="/organizations/create">
            {LL.organizations.create()}
          </Link>
        ) : null
      }
    >
      <DataTable
        label={LL.organizations.gridLabel()}
        searchLabel={LL.organizations.search()}
        emptyMessage={LL.organizations.empty()}
        columns={columns}
        source={source}
        defaults={defaults}
        getRowId={getRowId}
        describeRow={describeRow}
        onOpen={
          canUpdate ? (organization) => navigate(editPath(organization.organization_id)) : undefined
        }
        errorMessage={(error) => errorText(LL, error)}
      />
      <DeleteOrganizationDialog organization={deleting} onClose={() => setDeleting(null)} />
    </Page>
  )
}
