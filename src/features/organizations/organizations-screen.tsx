import { useMemo } from 'react'
import { Link, useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { organizationList, type OrganizationSort } from '../../api/organizations'
import { useSession } from '../../session/session-context'
import type { Organization } from '../../contract/organizations'
import { needs } from '../../contract/permissions'
import { buttonClass } from '../../ui/button'
import { DataTable } from '../../ui/data-table/data-table'
import { errorText } from '../../ui/data-table/error-text'
import type { ListViewDefaults } from '../../contract/list-view'
import { Page } from '../../ui/page'
import { ListExport } from '../../commands/list-export'
import { usePerform } from '../../actions/action-host'
import { deleteOrganizationAction } from './organization-actions'
import { organizationColumns } from './organization-columns'
import { pathTo } from '../../contract/pages'

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
  const perform = usePerform()
  const canCreate = can(needs('organizations', 'create'))
  const canUpdate = can(needs('organizations', 'update'))
  const canDelete = can(deleteOrganizationAction.needs.anyOf ?? [])
  const date = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), [locale])
  const columns = useMemo(() => {
    const onDelete = (organization: Organization) => perform(deleteOrganizationAction, organization)
    return organizationColumns({ LL, date, canUpdate, canDelete, onDelete })
  }, [LL, date, canUpdate, canDelete, perform])
  const rowActions = useMemo(() => {
    const edit = (organization: Organization) =>
      navigate(pathTo('organizations-edit', { id: organization.organization_id }))
    const remove = (organization: Organization) => perform(deleteOrganizationAction, organization)
    return {
      ...(canUpdate ? { open: edit, edit } : {}),
      ...(canDelete ? { remove } : {}),
    }
  }, [canUpdate, canDelete, navigate, perform])
  const describeRow = (organization: Organization) =>
    LL.organizations.row({
      name: organization.name,
      clients: LL.organizations.clientCount({ count: organization.client_ids.length }),
    })

  return (
    <Page
      title={LL.organizations.title()}
      actions={
        <>
          <ListExport list="organizations" defaults={defaults} />
          {canCreate ? (
            <Link className={buttonClass()} href={pathTo('organizations-create')}>
              {LL.organizations.create()}
            </Link>
          ) : null}
        </>
      }
    >
      <DataTable
        label={LL.organizations.gridLabel()}
        searchLabel={LL.organizations.search()}
        emptyMessage={LL.organizations.empty()}
        columns={columns}
        source={organizationList}
        defaults={defaults}
        getRowId={getRowId}
        describeRow={describeRow}
        rowActions={rowActions}
        onCreate={canCreate ? () => navigate(pathTo('organizations-create')) : undefined}
        errorMessage={(error) => errorText(LL, error)}
      />
    </Page>
  )
}
