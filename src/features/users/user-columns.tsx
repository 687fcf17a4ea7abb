import { createColumnHelper } from '@tanstack/react-table'
import { Link } from 'wouter'
import type { TranslationFunctions } from '../../../i18n/i18n-types'
import type { User } from '../../contract/users'
import { pathTo } from '../../contract/pages'
import { Avatar } from '../../ui/avatar'
import { Button } from '../../ui/button'
import * as tableStyles from '../../ui/data-table/data-table.css'
import type { DataTableFeatures } from '../../ui/data-table/features'
import { roleName } from '../../lib/role-name'
import { visuallyHidden } from '../../ui/visually-hidden.css'
import type { ActionState } from './user-actions'
import { fullName, titledName } from './user-names'
import * as styles from './users.css'

const helper = createColumnHelper<DataTableFeatures, User>()

interface UserColumnContext {
  LL: TranslationFunctions
  canDelete: boolean
  /** Whether the caller may delete this user now, and if not, why (as on the view). */
  deleteState: (user: User) => ActionState
  onDelete: (user: User) => void
}

/** The flags as words, so a badge never relies on colour alone. */
export function UserBadges({ LL, user }: { LL: TranslationFunctions; user: User }) {
  return (
    <span className={styles.badges}>
      {user.disabled ? <span className={styles.badge.danger}>{LL.users.disabled()}</span> : null}
      {user.email_confirmed ? (
        <span className={styles.badge.neutral}>{LL.users.emailConfirmed()}</span>
      ) : null}
      {user.phone_confirmed ? (
        <span className={styles.badge.neutral}>{LL.users.phoneConfirmed()}</span>
      ) : null}
    </span>
  )
}

// Column ids are the server's order_by names where the column sorts.
export function userColumns(context: UserColumnContext) {
  const { LL, canDelete, deleteState, onDelete } = context
  const columns = helper.columns([
    helper.accessor('user_id', {
      id: 'user_id',
      header: LL.users.id(),
      size: 70,
      sortDescFirst: true,
    }),
    helper.accessor('first_name', {
      id: 'first_name',
      header: LL.users.name(),
      size: 240,
      cell: (info) => (
        <span className={styles.nameCell}>
          <Avatar name={fullName(info.row.original)} />
          <Link
            className={styles.nameLink}
            href={pathTo('users-view', { id: info.row.original.user_id })}
          >
            {titledName(info.row.original)}
          </Link>
        </span>
      ),
    }),
    helper.accessor('username', { id: 'username', header: LL.users.username(), size: 140 }),
    // On a phone the e-mail and the role give way: the name and the username still tell users apart.
    helper.accessor('email', {
      id: 'email',
      header: LL.users.email(),
      size: 220,
      meta: { hideOnMobile: true },
    }),
    helper.accessor((user) => (user.roles[0] ? roleName(LL, user.roles[0]) : ''), {
      id: 'role',
      header: LL.users.role(),
      size: 110,
      enableSorting: false,
      meta: { hideOnMobile: true },
    }),
    helper.accessor('organization_name', {
      id: 'organization_name',
      header: LL.users.organization(),
      size: 130,
      enableSorting: false,
    }),
    helper.accessor('client_ids', {
      id: 'client_ids',
      header: LL.users.clients(),
      size: 160,
      enableSorting: false,
      meta: { cellClass: tableStyles.muted },
      cell: (info) => info.getValue().join(', '),
    }),
    helper.display({
      id: 'flags',
      header: LL.users.flags(),
      size: 220,
      enableSorting: false,
      cell: (info) => <UserBadges LL={LL} user={info.row.original} />,
    }),
    helper.display({
      id: 'actions',
      header: LL.users.actions(),
      size: 100,
      enableSorting: false,
      cell: (info) => {
        const user = info.row.original
        const state = deleteState(user)
        if (state.state === 'absent') return null
        const reason = state.state === 'disabled' ? state.reason : null
        const reasonId = `user-delete-reason-${user.user_id}`
        return (
          <>
            <Button
              tone="ghost"
              size="sm"
              aria-label={LL.users.deleteNamed({ name: fullName(user) })}
              disabled={reason !== null}
              title={reason ?? undefined}
              aria-describedby={reason === null ? undefined : reasonId}
              onClick={() => onDelete(user)}
            >
              {LL.users.delete()}
            </Button>
            {reason === null ? null : (
              <span id={reasonId} className={visuallyHidden}>
                {reason}
              </span>
            )}
          </>
        )
      },
    }),
  ])
  // Without the right to delete there is no action to show, so no column either.
  return canDelete ? columns : columns.filter((column) => column.id !== 'actions')
}
