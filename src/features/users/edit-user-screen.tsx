import { useState } from 'react'
import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { userDetail } from '../../api/users'
import { needs } from '../../contract/permissions'
import { pathTo } from '../../contract/pages'
import { useSession } from '../../session/session-context'
import { Button } from '../../ui/button'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { DetailState, useDetail } from '../../ui/detail-state'
import { showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { DeleteUserDialog } from './delete-user-dialog'
import { UserForm } from './user-form'
import { valuesOf } from './user-form-model'
import { fullName } from './user-names'
import { useUpdateUser } from './use-user-mutations'

/** /users/edit/:id — the breadcrumb shows the user's name, not the id. */
export function EditUserScreen() {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const { can } = useSession()
  const [confirming, setConfirming] = useState(false)
  const detail = useDetail(userDetail, fullName)
  const update = useUpdateUser(detail.id)
  const user = detail.item
  if (!user)
    return (
      <DetailState title={LL.users.editTitle()} notFound={LL.users.notFound()} detail={detail} />
    )
  const title = LL.users.editNamed({ name: fullName(user) })
  return (
    <Page title={title}>
      <UserForm
        label={title}
        // A refetch (window focus) must not wipe what the user is typing: the form keeps its own copy.
        key={user.user_id}
        initial={valuesOf(user)}
        submitLabel={LL.common.save()}
        onCancel={() => navigate(listPlacePath(pathTo('users'), user.user_id))}
        onSubmit={async (input) => {
          const saved = await update.mutateAsync(input)
          showToast(LL.users.saved_notice({ name: fullName(saved) }))
          navigate(listPlacePath(pathTo('users'), saved.user_id))
        }}
        extraActions={
          can(needs('users', 'delete')) ? (
            <Button tone="danger" onClick={() => setConfirming(true)}>
              {LL.users.delete()}
            </Button>
          ) : null
        }
      />
      <DeleteUserDialog
        user={confirming ? user : null}
        onClose={() => setConfirming(false)}
        onDeleted={() => navigate(listPlacePath(pathTo('users')))}
      />
    </Page>
  )
}
