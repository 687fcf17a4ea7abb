import { useLocation } from 'wouter'
import { useI18nContext } from '../../../i18n/i18n-react'
import { pathTo } from '../../contract/pages'
import { listPlacePath } from '../../ui/data-table/list-memory'
import { showToast } from '../../ui/notice'
import { Page } from '../../ui/page'
import { UserForm } from './user-form'
import { emptyValues } from './user-form-model'
import { fullName } from './user-names'
import { useCreateUser } from './use-user-mutations'

/** /users/create */
export function CreateUserScreen() {
  const { LL } = useI18nContext()
  const [, navigate] = useLocation()
  const create = useCreateUser()
  return (
    <Page title={LL.users.createTitle()}>
      <UserForm
        initial={emptyValues}
        label={LL.users.createTitle()}
        submitLabel={LL.common.create()}
        onCancel={() => navigate(listPlacePath(pathTo('users')))}
        onSubmit={async (input) => {
          const user = await create.mutateAsync(input)
          showToast(LL.users.created_notice({ name: fullName(user) }))
          navigate(listPlacePath(pathTo('users'), user.user_id))
        }}
      />
    </Page>
  )
}
