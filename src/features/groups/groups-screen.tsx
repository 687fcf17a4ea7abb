import { useMemo } from 'react'
import { Link, useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { groupList, type GroupSort } from '../../api/groups'
import { usePerform } from '../../actions/action-host'
import type { Group } from '../../contract/access-model'
import type { ListViewDefaults } from '../../contract/list-view'
import { pathTo } from '../../contract/pages'
import { needs } from '../../contract/permissions'
import { numberFormat } from '../../lib/number-format'
import { useSession } from '../../session/session-context'
import { buttonClass } from '../../ui/button'
import { DataTable } from '../../ui/data-table/data-table'
import { errorText } from '../../ui/data-table/error-text'
import { Page } from '../../ui/page'
import { groupVerbs } from './group-actions'
import { groupColumns } from './group-columns'

const defaults: ListViewDefaults<GroupSort> = {
  orderBy: 'name',
  orderDirection: 'asc',
  sortable: ['group_id', 'name', 'created_at'],
}

const getRowId = (group: Group) => String(group.group_id)

/** /groups: the access groups the user may read, everywhere (global) or in their organization. */
export function GroupsScreen() {
  const { LL, locale } = useI18nContext()
  const { can } = useSession()
  const [, navigate] = useLocation()
  const perform = usePerform()
  const canCreate = can(needs('groups', 'create'))
  const canUpdate = can(needs('groups', 'update'))
  const canDelete = can(needs('groups', 'delete'))
  const date = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }), [locale])
  const count = useMemo(() => numberFormat(locale), [locale])
  const columns = useMemo(
    () =>
      groupColumns({
        LL,
        date,
        count,
        canDelete,
        onDelete: (group) => perform(groupVerbs.delete, group),
      }),
    [LL, date, count, canDelete, perform],
  )
  const rowActions = useMemo(
    () => ({
      open: (group: Group) => navigate(pathTo('groups-view', { id: group.group_id })),
      ...(canUpdate
        ? { edit: (group: Group) => navigate(pathTo('groups-edit', { id: group.group_id })) }
        : {}),
      ...(canDelete ? { remove: (group: Group) => perform(groupVerbs.delete, group) } : {}),
    }),
    [canUpdate, canDelete, navigate, perform],
  )
  const describeRow = (group: Group) =>
    LL.groups.row({
      name: group.name,
      members: LL.groups.memberCount({ count: group.member_count }),
    })

  return (
    <Page
      title={LL.nav.groups()}
      actions={
        canCreate ? (
          <Link className={buttonClass()} href={pathTo('groups-create')}>
            {LL.groups.create()}
          </Link>
        ) : null
      }
    >
      <DataTable
        label={LL.groups.gridLabel()}
        searchLabel={LL.groups.search()}
        emptyMessage={LL.groups.empty()}
        columns={columns}
        source={groupList}
        defaults={defaults}
        getRowId={getRowId}
        describeRow={describeRow}
        rowActions={rowActions}
        onCreate={canCreate ? () => navigate(pathTo('groups-create')) : undefined}
        errorMessage={(error) => errorText(LL, error)}
      />
    </Page>
  )
}
