import { useState } from 'react'
import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { needs } from '../../contract/permissions'
import { pathTo } from '../../lib/paths'
import { useSession } from '../../session/session-context'
import { Button } from '../../ui/button'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { DeleteUserDialog } from './delete-user-dialog'
import { useUserDetail } from './use-user-detail'
import { UserForm } from './user-form'
import { valuesOf } from './user-form-model'
import { fullName } from './user-names'
import { UserPageState } from './user-page-state'
import { useUpdateUser } from './use-user-mutations'

/** /users/edit/:id — the breadcrumb shows the user's name, not the id. */
export function EditUserScreen() {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const { can } = useSession()
  const [confirming, setConfirming] = useState(false)
  const detail = useUserDetail()
  const update = useUpdateUser(detail.id)
  const user = detail.user
  if (!user) return <UserPageState title={LL.users.editTitle()} detail={detail} />
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
