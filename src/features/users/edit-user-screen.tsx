import { Link, useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { userDetail } from '../../api/users'
import { pathTo } from '../../contract/pages'
import type { User } from '../../contract/users'
import { useSession } from '../../session/session-context'
import { Button } from '../../ui/button'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { DetailState, useDetail } from '../../ui/detail-state'
import { Notice, showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { usePerform } from '../../actions/action-host'
import {
  userActionState,
  userVerbs,
  type ActionState,
  type UserActionName as UserAction,
} from './user-actions'
import { UserForm } from './user-form'
import { editPatch, valuesOf } from './user-form-model'
import { fullName } from './user-names'
import { useUpdateUser } from './use-user-mutations'
import * as styles from './users.css'

/** /users/edit/:id — the breadcrumb shows the user's name, not the id. */
export function EditUserScreen() {
  const { LL } = useI18nContext()
  const detail = useDetail(userDetail, fullName)
  const user = detail.item
  if (!user)
    return (
      <DetailState title={LL.users.editTitle()} notFound={LL.users.notFound()} detail={detail} />
    )
  // A refetch (window focus) must not wipe what the user is typing: the form keeps its own copy.
  return <EditUser key={user.user_id} user={user} />
}

/**
 * The form where the server would take the change (contract/permissions userChangeRefusal); where
 * it would not, the reason and a way back, instead of a form whose Save can only be refused.
 */
function EditUser({ user }: { user: User }) {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const { user: caller } = useSession()
  const perform = usePerform()
  const update = useUpdateUser(user.user_id)
  const state = (action: UserAction): ActionState =>
    caller ? userActionState(LL, caller, user, action) : { state: 'absent' }
  const title = LL.users.editNamed({ name: fullName(user) })
  const edit = state('edit')
  if (edit.state !== 'enabled')
    return (
      <Page title={title}>
        <Notice tone="danger">
          {edit.state === 'disabled' ? edit.reason : LL.form.forbidden()}{' '}
          <Link className={styles.nameLink} href={pathTo('users-view', { id: user.user_id })}>
            {LL.users.viewTitle()}
          </Link>
        </Notice>
      </Page>
    )
  const remove = state('delete')
  const disable = state('disable')
  return (
    <Page title={title}>
      <UserForm
        label={title}
        initial={valuesOf(user)}
        confirmations
        submitLabel={LL.common.save()}
        {...(disable.state === 'disabled' ? { disableRefusal: disable.reason } : {})}
        onCancel={() => navigate(listPlacePath(pathTo('users'), user.user_id))}
        onSubmit={async (input) => {
          const saved = await update.mutateAsync(editPatch(input, user))
          showToast(LL.users.saved_notice({ name: fullName(saved) }))
          navigate(listPlacePath(pathTo('users'), saved.user_id))
        }}
        extraActions={
          remove.state === 'absent' ? null : (
            <span className={styles.actionRow}>
              <Button
                tone="danger"
                disabled={remove.state === 'disabled'}
                aria-describedby={remove.state === 'disabled' ? 'user-delete-reason' : undefined}
                onClick={() => perform(userVerbs.delete, user)}
              >
                {LL.users.delete()}
              </Button>
              {remove.state === 'disabled' ? (
                <span id="user-delete-reason" className={styles.reason}>
                  {remove.reason}
                </span>
              ) : null}
            </span>
          )
        }
      />
    </Page>
  )
}
