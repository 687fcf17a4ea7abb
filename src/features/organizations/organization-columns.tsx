import { createColumnHelper } from '@tanstack/react-table'
import { Link } from 'wouter'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import type { Organization } from '../../contract/organizations'
import { pathTo } from '../../contract/pages'
import { Button } from '../../ui/button'
import * as tableStyles from '../../ui/data-table/data-table.css'
import type { DataTableFeatures } from '../../ui/data-table/features'
import * as styles from './organizations.css'

const helper = createColumnHelper<DataTableFeatures, Organization>()

interface OrganizationColumnContext {
  LL: TranslationFunctions
  date: Intl.DateTimeFormat
  canUpdate: boolean
  canDelete: boolean
  onDelete: (organization: Organization) => void
}

// Column ids are the server's order_by names where the column sorts.
export function organizationColumns(context: OrganizationColumnContext) {
  const { LL, date, canUpdate, canDelete, onDelete } = context
  const columns = helper.columns([
    helper.accessor('organization_id', {
      id: 'organization_id',
      header: LL.organizations.id(),
      size: 80,
      sortDescFirst: true,
    }),
    helper.accessor('name', {
      id: 'name',
      header: LL.organizations.name(),
      size: 200,
      cell: (info) =>
        canUpdate ? (
          <Link
            className={styles.nameLink}
            href={pathTo('organizations-edit', { id: info.row.original.organization_id })}
          >
            {info.getValue()}
          </Link>
        ) : (
          info.getValue()
        ),
    }),
    helper.accessor('description', {
      id: 'description',
      header: LL.organizations.description(),
      size: 240,
      enableSorting: false,
      meta: { cellClass: tableStyles.muted },
    }),
    helper.accessor('client_ids', {
      id: 'client_ids',
      header: LL.organizations.clients(),
      size: 200,
      enableSorting: false,
      cell: (info) => info.getValue().join(', '),
    }),
    helper.accessor('created_at', {
      id: 'created_at',
      header: LL.organizations.created(),
      size: 140,
      sortDescFirst: true,
      cell: (info) => (
        <time dateTime={info.getValue()}>{date.format(Date.parse(info.getValue()))}</time>
      ),
    }),
    helper.display({
      id: 'actions',
      header: LL.organizations.actions(),
      size: 120,
      enableSorting: false,
      cell: (info) => (
        <Button
          tone="ghost"
          size="sm"
          aria-label={LL.organizations.deleteNamed({ name: info.row.original.name })}
          onClick={() => onDelete(info.row.original)}
        >
          {LL.organizations.delete()}
        </Button>
      ),
    }),
  ])
  // Without the right to delete there is no action to show, so no column either.
  return canDelete ? columns : columns.filter((column) => column.id !== 'actions')
}
