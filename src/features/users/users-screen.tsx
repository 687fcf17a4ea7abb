import { useCallback, useMemo, useState } from 'react'
import { Link, useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { userList, type UserSort } from '../../api/users'
import { needs } from '../../contract/permissions'
import type { User } from '../../contract/users'
import { pathTo } from '../../contract/pages'
import { useSession } from '../../session/session-context'
import { Button, buttonClass } from '../../ui/button'
import { DataTable } from '../../ui/data-table/data-table'
import { errorText } from '../../ui/data-table/error-text'
import type { ListViewDefaults } from '../../contract/list-view'
import { Page } from '../../ui/page'
import { ListExport } from '../../commands/list-export'
import { offeredBulkKinds, type BulkKind } from './bulk-user-actions'
import { BulkUserCommands } from './bulk-user-commands'
import { BulkUsersDialog, type BulkRequest } from './bulk-users-dialog'
import { DeleteUserDialog } from './delete-user-dialog'
import { AddToGroupDialog } from './group-membership-dialogs'
import { userActionState, type ActionState } from './user-actions'
import { userColumns } from './user-columns'
import { UserImport } from './user-import'
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
  const { can, user: caller } = useSession()
  const [, navigate] = useLocation()
  const [deleting, setDeleting] = useState<User | null>(null)
  const [bulk, setBulk] = useState<(BulkRequest & { clear: () => void }) | null>(null)
  const [grouping, setGrouping] = useState<{ users: readonly User[]; clear: () => void } | null>(
    null,
  )
  const canGroup = can(needs('groups', 'update'))
  const canCreate = can(needs('users', 'create'))
  const canUpdate = can(needs('users', 'update'))
  const canDelete = can(needs('users', 'delete'))
  const deleteState = useCallback(
    (user: User): ActionState =>
      caller ? userActionState(LL, caller, user, 'delete') : { state: 'absent' },
    [LL, caller],
  )
  const columns = useMemo(
    () => userColumns({ LL, canDelete, deleteState, onDelete: setDeleting }),
    [LL, canDelete, deleteState],
  )
  const rowActions = useMemo(
    () => ({
      open: (user: User) => navigate(pathTo('users-view', { id: user.user_id })),
      ...(canUpdate
        ? { edit: (user: User) => navigate(pathTo('users-edit', { id: user.user_id })) }
        : {}),
      // The Delete key does what the row's button does, and nothing where that is disabled.
      ...(canDelete
        ? {
            remove: (user: User) => {
              if (deleteState(user).state === 'enabled') setDeleting(user)
            },
          }
        : {}),
    }),
    [canUpdate, canDelete, deleteState, navigate],
  )
  const bulkKinds = useMemo(() => offeredBulkKinds(can), [can])
  const bulkLabel: Record<BulkKind, string> = {
    invite: LL.users.bulk.invite(),
    disable: LL.users.bulk.disable(),
    enable: LL.users.bulk.enable(),
    offboard: LL.users.bulk.offboard(),
    delete: LL.users.bulk.delete(),
  }
  const bulkActions = (users: readonly User[], clear: () => void) => (
    <>
      {bulkKinds.map((kind) => (
        <Button
          key={kind}
          size="sm"
          tone={kind === 'delete' ? 'danger' : 'secondary'}
          onClick={() => setBulk({ kind, users, clear })}
        >
          {bulkLabel[kind]}
        </Button>
      ))}
      {canGroup ? (
        <Button size="sm" tone="secondary" onClick={() => setGrouping({ users, clear })}>
          {LL.groups.addToGroup()}
        </Button>
      ) : null}
      <BulkUserCommands
        kinds={bulkKinds}
        onRun={(kind) => setBulk({ kind, users, clear })}
        {...(canGroup ? { onAddToGroup: () => setGrouping({ users, clear }) } : {})}
      />
    </>
  )
  const describeRow = (user: User) =>
    LL.users.row({ name: titledName(user), username: user.username, email: user.email })

  return (
    <Page
      title={LL.nav.users()}
      actions={
        <>
          <ListExport list="users" defaults={defaults} />
          {canCreate ? <UserImport /> : null}
          {canCreate ? (
            <Link className={buttonClass()} href={pathTo('users-create')}>
              {LL.users.create()}
            </Link>
          ) : null}
        </>
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
        {...(bulkKinds.length > 0 || canGroup ? { bulkActions } : {})}
      />
      <BulkUsersDialog
        request={bulk}
        onCancel={() => setBulk(null)}
        onDone={() => {
          bulk?.clear()
          setBulk(null)
        }}
      />
      {grouping ? (
        <AddToGroupDialog
          users={grouping.users}
          onClose={() => setGrouping(null)}
          onDone={grouping.clear}
        />
      ) : null}
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </Page>
  )
}
