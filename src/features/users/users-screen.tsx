import { useMemo, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { userList, type UserSort } from '../../api/users'
import { needs } from '../../contract/permissions'
import type { User } from '../../contract/users'
import { pathTo } from '../../lib/paths'
import { useSession } from '../../session/session-context'
import { buttonClass } from '../../ui/button'
import { DataTable } from '../../ui/data-table/data-table'
import { errorText } from '../../ui/data-table/error-text'
import type { ListViewDefaults } from '../../ui/data-table/list-view'
import { Page } from '../../ui/page'
import { DeleteUserDialog } from './delete-user-dialog'
import { userColumns } from './user-columns'
import { titledName } from './user-names'

const defaults: ListViewDefaults<UserSort> = {
  orderBy: 'user_id',
  orderDirection: 'desc',
  sortable: ['user_id', 'first_name', 'username', 'email'],
}

const getRowId = (user: User) => String(user.user_id)

/** /users: every user the caller may read (global) or those of their organization (:org). */
export function UsersScreen() {
  const { LL } = useI18nContext()
  const { can } = useSession()
  const [, navigate] = useLocation()
  const [deleting, setDeleting] = useState<User | null>(null)
  const canCreate = can(needs('users', 'create'))
  const canUpdate = can(needs('users', 'update'))
  const canDelete = can(needs('users', 'delete'))
  const columns = useMemo(
    () => userColumns({ LL, canDelete, onDelete: setDeleting }),
    [LL, canDelete],
  )
  const rowActions = useMemo(
    () => ({
      open: (user: User) => navigate(pathTo('users-view', { id: user.user_id })),
      ...(canUpdate
        ? { edit: (user: User) => navigate(pathTo('users-edit', { id: user.user_id })) }
        : {}),
      ...(canDelete ? { remove: setDeleting } : {}),
    }),
    [canUpdate, canDelete, navigate],
  )
  const describeRow = (user: User) =>
    LL.users.row({ name: titledName(user), username: user.username, email: user.email })

  return (
    <Page
      title={LL.users.title()}
      actions={
        canCreate ? (
          <Link className={buttonClass()} href={pathTo('users-create')}>
            {LL.users.create()}
          </Link>
        ) : null
      }
    >
      <DataTable
        label={LL.users.gridLabel()}
        searchLabel={LL.users.search()}
        emptyMessage={LL.users.empty()}
        columns={columns}
        source={userList}
        defaults={defaults}
        getRowId={getRowId}
        describeRow={describeRow}
        rowActions={rowActions}
        onCreate={canCreate ? () => navigate(pathTo('users-create')) : undefined}
        errorMessage={(error) => errorText(LL, error)}
      />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </Page>
  )
}
