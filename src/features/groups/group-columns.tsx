import { createColumnHelper } from '@tanstack/react-table'
import { Link } from 'wouter'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import type { Group } from '../../contract/access-model'
import { pathTo } from '../../contract/pages'
import { Button } from '../../ui/button'
import * as tableStyles from '../../ui/data-table/data-table.css'
import type { DataTableFeatures } from '../../ui/data-table/features'
import * as styles from './groups.css'

const helper = createColumnHelper<DataTableFeatures, Group>()

interface GroupColumnContext {
  LL: TranslationFunctions
  date: Intl.DateTimeFormat
  count: Intl.NumberFormat
  canDelete: boolean
  onDelete: (group: Group) => void
}

// Column ids are the server's order_by names where the column sorts.
export function groupColumns(context: GroupColumnContext) {
  const { LL, date, count, canDelete, onDelete } = context
  const columns = helper.columns([
    helper.accessor('group_id', {
      id: 'group_id',
      header: LL.groups.id(),
      size: 80,
      sortDescFirst: true,
    }),
    helper.accessor('name', {
      id: 'name',
      header: LL.groups.name(),
      size: 200,
      cell: (info) => (
        <Link
          className={styles.nameLink}
          href={pathTo('groups-view', { id: info.row.original.group_id })}
        >
          {info.getValue()}
        </Link>
      ),
    }),
    helper.accessor('description', {
      id: 'description',
      header: LL.groups.description(),
      size: 240,
      enableSorting: false,
      meta: { cellClass: tableStyles.muted },
    }),
    helper.accessor('member_count', {
      id: 'member_count',
      header: LL.groups.members(),
      size: 110,
      enableSorting: false,
      cell: (info) => count.format(info.getValue()),
    }),
    helper.accessor('created_at', {
      id: 'created_at',
      header: LL.groups.created(),
      size: 140,
      sortDescFirst: true,
      cell: (info) => (
        <time dateTime={info.getValue()}>{date.format(Date.parse(info.getValue()))}</time>
      ),
    }),
    helper.display({
      id: 'actions',
      header: LL.groups.actions(),
      size: 120,
      enableSorting: false,
      cell: (info) => (
        <Button
          tone="ghost"
          size="sm"
          aria-label={LL.groups.deleteNamed({ name: info.row.original.name })}
          onClick={() => onDelete(info.row.original)}
        >
          {LL.groups.delete()}
        </Button>
      ),
    }),
  ])
  // Without the right to delete there is no action to show, so no column either.
  return canDelete ? columns : columns.filter((column) => column.id !== 'actions')
}
